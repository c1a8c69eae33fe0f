// The age gate (site/components/age-gate.astro) and the page a visitor who says she is under 18 lands on
// (site/components/minor/minor-page.astro). Spanish first; Portuguese and English key for key (docs/decisions/070-languages.md).
import type { Texts } from './texts.ts';

const es = {
  rejected: 'Lo sentimos, debes ser mayor de 18 años para acceder a este sitio.',
  minorTitle: 'Solo para mayores de 18 años',
  minorHelp: 'Si necesitás ayuda o sabés de una situación de explotación, llamá gratis a la',
  minorHelpAfter: ', las 24 horas.',
  title: '¿Sos mayor de 18 años?',
  text: 'Velada publica avisos clasificados para personas adultas. Para ingresar confirmá que tenés 18 años o más y que aceptás los',
  termsLink: 'Términos y condiciones',
  accept: 'Soy mayor de 18, ingresar',
  refuse: 'Soy menor de edad',
} as const;

const pt = {
  rejected: 'Sentimos muito: você precisa ter 18 anos ou mais para acessar este site.',
  minorTitle: 'Só para maiores de 18 anos',
  minorHelp: 'Se você precisa de ajuda ou sabe de uma situação de exploração, ligue grátis para a',
  minorHelpAfter: ' (linha argentina contra o tráfico de pessoas), 24 horas por dia.',
  title: 'Você tem 18 anos ou mais?',
  text: 'A Velada publica anúncios classificados para pessoas adultas. Para entrar, confirme que você tem 18 anos ou mais e que aceita os',
  termsLink: 'Termos e condições',
  accept: 'Tenho 18 anos ou mais, entrar',
  refuse: 'Sou menor de idade',
} as const satisfies Texts<typeof es>;

const en = {
  rejected: 'Sorry, you must be 18 or older to use this site.',
  minorTitle: 'For adults (18+) only',
  minorHelp: 'If you need help or know of a situation of exploitation, call',
  minorHelpAfter: ' (Argentina’s anti-trafficking line) free, 24 hours a day.',
  title: 'Are you 18 or older?',
  text: 'Velada publishes classified ads for adults. To enter, confirm that you are 18 or older and that you accept the',
  termsLink: 'Terms and conditions',
  accept: 'I am 18 or older, enter',
  refuse: 'I am under 18',
} as const satisfies Texts<typeof es>;

export const ageGate = { es, pt, en };

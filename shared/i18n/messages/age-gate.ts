// The age gate (site/components/age-gate.astro). Spanish first; Portuguese and English key for key (docs/decisions/070-languages.md).
import type { Texts } from './texts.ts';

const es = {
  title: '¿Sos mayor de 18 años?',
  text: 'Velada publica avisos clasificados para personas adultas. Para ingresar confirmá que tenés 18 años o más y que aceptás los',
  termsLink: 'Términos y condiciones',
  accept: 'Soy mayor de 18, ingresar',
  refuse: 'Soy menor de edad',
} as const;

const pt = {
  title: 'Você tem 18 anos ou mais?',
  text: 'A Velada publica anúncios classificados para pessoas adultas. Para entrar, confirme que você tem 18 anos ou mais e que aceita os',
  termsLink: 'Termos e condições',
  accept: 'Tenho 18 anos ou mais, entrar',
  refuse: 'Sou menor de idade',
} as const satisfies Texts<typeof es>;

const en = {
  title: 'Are you 18 or older?',
  text: 'Velada publishes classified ads for adults. To enter, confirm that you are 18 or older and that you accept the',
  termsLink: 'Terms and conditions',
  accept: 'I am 18 or older, enter',
  refuse: 'I am under 18',
} as const satisfies Texts<typeof es>;

export const ageGate = { es, pt, en };

// The cookie banner and its preferences (site/components/site-overlays.astro). Spanish first; Portuguese and English key for key (docs/decisions/070-languages.md).
import type { Texts } from './texts.ts';

const es = {
  title: 'Usamos cookies.',
  text: 'Las necesarias hacen funcionar el sitio; con tu permiso usamos también cookies de análisis para mejorar Velada. Más información en la',
  privacyLink: 'Política de privacidad',
  customize: 'Personalizar',
  reject: 'Rechazar',
  acceptAll: 'Aceptar todas',
  dialogTitle: 'Preferencias de cookies',
  necessary: 'Necesarias (siempre activas)',
  necessaryText: 'Recuerdan tu confirmación de edad y tus preferencias. Sin ellas el sitio no funciona.',
  analytics: 'Análisis',
  analyticsText: 'Nos dicen qué páginas se visitan y desde dónde, sin guardar tu dirección IP.',
  marketing: 'Marketing',
  marketingText: 'Permiten medir campañas de difusión de Velada.',
  cancel: 'Cancelar',
  save: 'Guardar preferencias',
} as const;

const pt = {
  title: 'Usamos cookies.',
  text: 'Os necessários fazem o site funcionar; com a sua permissão usamos também cookies de análise para melhorar a Velada. Mais informações na',
  privacyLink: 'Política de privacidade',
  customize: 'Personalizar',
  reject: 'Recusar',
  acceptAll: 'Aceitar todos',
  dialogTitle: 'Preferências de cookies',
  necessary: 'Necessários (sempre ativos)',
  necessaryText: 'Lembram a confirmação da sua idade e as suas preferências. Sem eles o site não funciona.',
  analytics: 'Análise',
  analyticsText: 'Mostram quais páginas são visitadas e de onde, sem guardar o seu endereço IP.',
  marketing: 'Marketing',
  marketingText: 'Permitem medir as campanhas de divulgação da Velada.',
  cancel: 'Cancelar',
  save: 'Salvar preferências',
} as const satisfies Texts<typeof es>;

const en = {
  title: 'We use cookies.',
  text: 'The necessary ones make the site work; with your permission we also use analytics cookies to improve Velada. More in the',
  privacyLink: 'Privacy policy',
  customize: 'Customize',
  reject: 'Reject',
  acceptAll: 'Accept all',
  dialogTitle: 'Cookie preferences',
  necessary: 'Necessary (always on)',
  necessaryText: 'They remember your age confirmation and your preferences. The site does not work without them.',
  analytics: 'Analytics',
  analyticsText: 'They tell us which pages are visited and from where, without keeping your IP address.',
  marketing: 'Marketing',
  marketingText: 'They let us measure Velada’s outreach campaigns.',
  cancel: 'Cancel',
  save: 'Save preferences',
} as const satisfies Texts<typeof es>;

export const cookies = { es, pt, en };

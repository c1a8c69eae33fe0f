// The site footer (site/components/site-footer.astro). The names of Argentine institutions and of the consumer-law
// buttons are the law's own in Spanish; the other languages say what they are. Portuguese and English key for key
// (docs/decisions/070-languages.md).
import type { Texts } from './texts.ts';

const es = {
  legal: 'Legal',
  terms: 'Términos y condiciones',
  privacy: 'Políticas de privacidad',
  cookiePreferences: 'Preferencias de cookies',
  support: 'Soporte',
  contact: 'Contacto',
  onlineSupport: 'Soporte en línea',
  safety: 'Seguridad',
  reportScams: 'Denunciar estafas',
  checkAd: 'Verificar anuncio',
  avoidScams: 'Cómo evitar estafas',
  transparency: 'Informe de transparencia',
  ranking: 'Cómo ordenamos los avisos',
  clearTraces: 'Borrar rastros',
  business: 'Persona Jurídica',
  community: 'Comunidad',
  comingSoon: '(próximamente)',
  favourites: 'Favoritos y avisos de búsquedas',
  favouritesNote: '(guardados solo en este dispositivo)',
  traffickingBefore: '¿Sospechás de trata de personas o explotación? Llamá gratis a la',
  traffickingLine: 'Línea 145',
  traffickingAfter: ', las 24 horas, de forma anónima.',
  revocation: 'Botón de arrepentimiento',
  cancellation: 'Botón de baja',
  consumerDefence: 'Defensa de las y los consumidores. Para reclamos ingrese aquí',
  about:
    'Sitio de avisos clasificados para mayores de 18 años en la Ciudad Autónoma de Buenos Aires. Velada aloja anuncios de anunciantes independientes verificados y no es una agencia.',
  clearTitle: '¿Borrar todo lo que Velada guarda en este navegador?',
  clearWhat:
    'Se borran tus favoritos, tus preferencias de cookies, la confirmación de edad, las copias guardadas de páginas y la app sin conexión.',
  clearAfter:
    'Vas a volver al inicio y Velada te va a preguntar de nuevo si sos mayor de 18 años. El historial del navegador no se borra: para eso usá sus opciones o una ventana privada.',
  clearConfirm: 'Borrar todo',
  clearCancel: 'Cancelar',
  clearing: 'Borrando…',
} as const;

const pt = {
  legal: 'Legal',
  terms: 'Termos e condições',
  privacy: 'Políticas de privacidade',
  cookiePreferences: 'Preferências de cookies',
  support: 'Suporte',
  contact: 'Contato',
  onlineSupport: 'Suporte on-line',
  safety: 'Segurança',
  reportScams: 'Denunciar golpes',
  checkAd: 'Verificar anúncio',
  avoidScams: 'Como evitar golpes',
  transparency: 'Relatório de transparência',
  ranking: 'Como ordenamos os anúncios',
  clearTraces: 'Apagar rastros',
  business: 'Pessoa jurídica',
  community: 'Comunidade',
  comingSoon: '(em breve)',
  favourites: 'Favoritos e alertas de buscas',
  favouritesNote: '(salvos só neste dispositivo)',
  traffickingBefore: 'Suspeita de tráfico de pessoas ou exploração? Ligue grátis para a',
  traffickingLine: 'Línea 145',
  traffickingAfter: ' (linha argentina contra o tráfico), 24 horas por dia, de forma anônima.',
  revocation: 'Botón de arrepentimiento (cancelar uma compra)',
  cancellation: 'Botón de baja (cancelar o serviço)',
  consumerDefence: 'Defesa do consumidor (Argentina). Para reclamações, clique aqui',
  about:
    'Site de anúncios classificados para maiores de 18 anos na Cidade Autônoma de Buenos Aires. A Velada hospeda anúncios de anunciantes independentes verificados e não é uma agência.',
  clearTitle: 'Apagar tudo o que a Velada guarda neste navegador?',
  clearWhat:
    'Serão apagados os seus favoritos, as suas preferências de cookies, a confirmação de idade, as cópias salvas de páginas e o app off-line.',
  clearAfter:
    'Você vai voltar ao início e a Velada vai perguntar de novo se você tem 18 anos ou mais. O histórico do navegador não é apagado: para isso use as opções dele ou uma janela anônima.',
  clearConfirm: 'Apagar tudo',
  clearCancel: 'Cancelar',
  clearing: 'Apagando…',
} as const satisfies Texts<typeof es>;

const en = {
  legal: 'Legal',
  terms: 'Terms and conditions',
  privacy: 'Privacy policy',
  cookiePreferences: 'Cookie preferences',
  support: 'Support',
  contact: 'Contact',
  onlineSupport: 'Online support',
  safety: 'Safety',
  reportScams: 'Report a scam',
  checkAd: 'Check an ad',
  avoidScams: 'How to avoid scams',
  transparency: 'Transparency report',
  ranking: 'How we order the ads',
  clearTraces: 'Clear traces',
  business: 'Businesses',
  community: 'Community',
  comingSoon: '(coming soon)',
  favourites: 'Favourites and search alerts',
  favouritesNote: '(saved on this device only)',
  traffickingBefore: 'Do you suspect human trafficking or exploitation? Call',
  traffickingLine: 'Línea 145',
  traffickingAfter: ' (Argentina’s anti-trafficking line) free, 24 hours a day, anonymously.',
  revocation: 'Botón de arrepentimiento (cancel a purchase)',
  cancellation: 'Botón de baja (cancel the service)',
  consumerDefence: 'Consumer protection (Argentina). File a complaint here',
  about:
    'Classified ads for adults (18+) in the Autonomous City of Buenos Aires. Velada hosts ads of independent, verified advertisers and is not an agency.',
  clearTitle: 'Clear everything Velada keeps in this browser?',
  clearWhat: 'Your favourites, cookie preferences, age confirmation, saved copies of pages and the offline app are deleted.',
  clearAfter:
    'You will go back to the home page and Velada will ask again whether you are 18 or older. The browser’s history is not cleared: use its own options or a private window for that.',
  clearConfirm: 'Clear everything',
  clearCancel: 'Cancel',
  clearing: 'Clearing…',
} as const satisfies Texts<typeof es>;

export const footer = { es, pt, en };

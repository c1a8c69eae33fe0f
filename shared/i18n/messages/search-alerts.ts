// Search alerts (docs/decisions/038-favourites-and-alerts.md). `searchAlerts`: what the browser says around
// "Avisame de nuevos avisos" and on the favourites page (site/lib/search-alerts.ts, site/lib/search-alert-button.ts),
// a plain part read without i18next; its error texts stand for the API's error codes on Portuguese and English pages
// (the API answers in Spanish, which Spanish pages show as it is). `alertNotifications`: what the job sends to a
// device, in the language of the page the alert was made on (api/services/search-alerts-job.ts).
import type { Texts } from './texts.ts';

const es = {
  needsInstall:
    'En iPhone y iPad los avisos llegan solo con la app instalada: tocá Compartir y luego «Agregar a inicio», y abrí Velada desde ese ícono.',
  unsupported: 'Este navegador no puede recibir avisos. Probá con la app instalada o con otro navegador.',
  denied: 'Bloqueaste las notificaciones de Velada. Para recibir avisos, habilitalas en la configuración del navegador.',
  allow: 'Para recibir avisos, permití las notificaciones.',
  pushFailed: 'El navegador no pudo activar los avisos (su servicio de notificaciones no respondió). Probá de nuevo más tarde.',
  activating: 'Activando los avisos…',
  done: 'Listo: te avisamos cuando haya avisos nuevos en esta búsqueda (como mucho una vez por día). Podés dejar de recibirlos desde Favoritos.',
  failed: 'No pudimos activar los avisos. Probá de nuevo.',
  tooManyAlerts: 'Ya tenés {{max}} búsquedas con aviso en este dispositivo. Dejá de avisar alguna para agregar otra.',
  tooManyRequests: 'Se activaron muchos avisos desde esta conexión. Probá de nuevo más tarde.',
  invalidSubscription: 'La suscripción del navegador no es válida.',
  network: 'No pudimos conectar con el servidor. Revisá tu conexión y probá de nuevo.',
} as const;

const pt = {
  needsInstall:
    'No iPhone e no iPad, os alertas só chegam com o app instalado: toque em Compartilhar e depois em “Adicionar à Tela de Início”, e abra a Velada por esse ícone.',
  unsupported: 'Este navegador não consegue receber alertas. Tente com o app instalado ou com outro navegador.',
  denied: 'Você bloqueou as notificações da Velada. Para receber alertas, ative-as nas configurações do navegador.',
  allow: 'Para receber alertas, permita as notificações.',
  pushFailed: 'O navegador não conseguiu ativar os alertas (o serviço de notificações dele não respondeu). Tente de novo mais tarde.',
  activating: 'Ativando os alertas…',
  done: 'Pronto: avisaremos quando houver anúncios novos nesta busca (no máximo uma vez por dia). Você pode desativá-los em Favoritos.',
  failed: 'Não foi possível ativar os alertas. Tente de novo.',
  tooManyAlerts: 'Você já tem {{max}} buscas com alerta neste dispositivo. Desative alguma para adicionar outra.',
  tooManyRequests: 'Muitos alertas foram ativados a partir desta conexão. Tente de novo mais tarde.',
  invalidSubscription: 'A inscrição do navegador para notificações não é válida.',
  network: 'Não foi possível conectar ao servidor. Verifique sua conexão e tente de novo.',
} as const satisfies Texts<typeof es>;

const en = {
  needsInstall:
    'On iPhone and iPad, alerts only arrive in the installed app: tap Share, then “Add to Home Screen”, and open Velada from that icon.',
  unsupported: 'This browser can’t receive alerts. Try the installed app or another browser.',
  denied: 'You blocked notifications from Velada. To get alerts, allow them in your browser settings.',
  allow: 'To get alerts, allow notifications.',
  pushFailed: 'The browser couldn’t turn on alerts (its notification service did not answer). Please try again later.',
  activating: 'Turning on alerts…',
  done: 'Done: we’ll let you know when there are new ads on this search (at most once a day). You can turn this off in Favourites.',
  failed: 'We couldn’t turn on alerts. Please try again.',
  tooManyAlerts: 'You already have {{max}} searches with alerts on this device. Turn one off to add another.',
  tooManyRequests: 'Too many alerts were turned on from this connection. Please try again later.',
  invalidSubscription: 'The browser’s notification subscription is not valid.',
  network: 'We couldn’t reach the server. Check your connection and try again.',
} as const satisfies Texts<typeof es>;

export const searchAlerts = { es, pt, en };

const notificationsEs = {
  one: '1 aviso nuevo en tu búsqueda',
  many: '{{count}} avisos nuevos en tu búsqueda',
  stop: 'Dejar de avisar',
} as const;

export const alertNotifications = {
  es: notificationsEs,
  pt: {
    one: '1 anúncio novo na sua busca',
    many: '{{count}} anúncios novos na sua busca',
    stop: 'Desativar alerta',
  } satisfies Texts<typeof notificationsEs>,
  en: {
    one: '1 new ad for your search',
    many: '{{count}} new ads for your search',
    stop: 'Turn off alert',
  } satisfies Texts<typeof notificationsEs>,
};

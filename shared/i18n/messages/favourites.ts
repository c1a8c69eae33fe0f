// The favourites page (/favoritos, /pt/favoritos, /en/favourites: site/components/favourites/favourites-page.astro)
// and what its script writes in the browser (site/lib/favourites-page.ts): the saved ads and this device's search
// alerts. `favouritesLive` is a plain part, read in the browser without i18next (docs/decisions/070-languages.md).
import type { Texts } from './texts.ts';

const es = {
  title: 'Favoritos',
  description: 'Velada: avisos clasificados para adultos en la Ciudad de Buenos Aires. Anunciantes verificados, búsqueda por barrio.',
  intro:
    'Los avisos que guardás con el corazón quedan solo en este dispositivo: Velada no los recibe. Se pueden ver sin conexión en la app instalada.',
  empty: 'Todavía no guardaste avisos. Tocá el corazón de un aviso para tenerlo acá.',
  searchAds: 'Buscar avisos',
  alertsTitle: 'Avisos de búsquedas nuevas',
  alertsIntro:
    'En una búsqueda, «{{button}}» te manda una notificación cuando aparecen avisos nuevos que coinciden (como mucho una vez por día).',
} as const;

const pt = {
  title: 'Favoritos',
  description: 'Velada: anúncios classificados para adultos na Cidade de Buenos Aires. Anunciantes verificados, busca por bairro.',
  intro:
    'Os anúncios que você salva com o coração ficam só neste dispositivo: a Velada não os recebe. Dá para vê-los sem conexão no app instalado.',
  empty: 'Você ainda não salvou nenhum anúncio. Toque no coração de um anúncio para guardá-lo aqui.',
  searchAds: 'Buscar anúncios',
  alertsTitle: 'Alertas de buscas',
  alertsIntro:
    'Numa busca, “{{button}}” envia uma notificação quando aparecem anúncios novos que correspondem a ela (no máximo uma vez por dia).',
} as const satisfies Texts<typeof es>;

const en = {
  title: 'Favourites',
  description: 'Velada: adult classified ads in the City of Buenos Aires. Verified advertisers, search by neighbourhood.',
  intro:
    'The ads you save with the heart stay on this device only: Velada never receives them. You can see them offline in the installed app.',
  empty: 'You haven’t saved any ads yet. Tap the heart on an ad to keep it here.',
  searchAds: 'Search ads',
  alertsTitle: 'Search alerts',
  alertsIntro: 'On a search, “{{button}}” sends you a notification when new ads match it (at most once a day).',
} as const satisfies Texts<typeof es>;

export const favourites = { es, pt, en };

const liveEs = {
  gone: 'Ya no disponible',
  code: 'Código {{code}}',
  remove: 'Quitar',
  removeLabel: 'Quitar «{{title}}» de favoritos',
  checkFailed: 'No pudimos comprobar si los avisos siguen disponibles.',
  offline: 'Sin conexión: mostramos lo guardado en este dispositivo.',
  alertsFailed: 'No pudimos leer los avisos de búsquedas de este dispositivo.',
  noAlerts: 'Este dispositivo no tiene avisos de búsquedas.',
  words: '«{{text}}»',
  oneMoreFilter: '1 filtro más',
  moreFilters: '{{count}} filtros más',
  stop: 'Dejar de avisar',
  stopLabel: 'Dejar de avisar: {{search}}',
  stopFailed: 'No pudimos dejar de avisar. Probá de nuevo.',
} as const;

const livePt = {
  gone: 'Não está mais disponível',
  code: 'Código {{code}}',
  remove: 'Remover',
  removeLabel: 'Remover “{{title}}” dos favoritos',
  checkFailed: 'Não foi possível verificar se os anúncios continuam disponíveis.',
  offline: 'Sem conexão: mostramos o que está salvo neste dispositivo.',
  alertsFailed: 'Não foi possível ler os alertas de busca deste dispositivo.',
  noAlerts: 'Este dispositivo não tem alertas de busca.',
  words: '“{{text}}”',
  oneMoreFilter: 'mais 1 filtro',
  moreFilters: 'mais {{count}} filtros',
  stop: 'Desativar alerta',
  stopLabel: 'Desativar alerta: {{search}}',
  stopFailed: 'Não foi possível desativar o alerta. Tente de novo.',
} as const satisfies Texts<typeof liveEs>;

const liveEn = {
  gone: 'No longer available',
  code: 'Code {{code}}',
  remove: 'Remove',
  removeLabel: 'Remove “{{title}}” from favourites',
  checkFailed: 'We couldn’t check whether the ads are still available.',
  offline: 'Offline: showing what is saved on this device.',
  alertsFailed: 'We couldn’t read the search alerts of this device.',
  noAlerts: 'This device has no search alerts.',
  words: '“{{text}}”',
  oneMoreFilter: '1 more filter',
  moreFilters: '{{count}} more filters',
  stop: 'Turn off alert',
  stopLabel: 'Turn off alert: {{search}}',
  stopFailed: 'We couldn’t turn off the alert. Please try again.',
} as const satisfies Texts<typeof liveEs>;

export const favouritesLive = { es: liveEs, pt: livePt, en: liveEn };

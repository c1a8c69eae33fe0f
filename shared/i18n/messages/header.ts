// The site header, the layout's skip link and the description it gives a page that names none
// (site/components/site-header.astro, site/layouts/base-layout.astro). The seed's own label "Publique su aviso aquí"
// stays as it is in Spanish. Portuguese and English key for key (docs/decisions/070-languages.md).
import type { Texts } from './texts.ts';

const es = {
  skipLink: 'Saltar al contenido',
  home: 'Velada, inicio',
  navigation: 'Principal',
  search: 'Buscar',
  plans: 'Planes',
  favourites: 'Favoritos',
  account: 'Mi cuenta',
  publish: 'Publique su aviso aquí',
  quickExit: 'Salida rápida',
  quickExitTitle: 'Salir de Velada al instante (también: Esc dos veces)',
  languages: 'Idioma',
  /** The layout's description of a page that gives none. */
  description: 'Velada: avisos clasificados para adultos en la Ciudad de Buenos Aires. Anunciantes verificados, búsqueda por barrio.',
} as const;

const pt = {
  skipLink: 'Pular para o conteúdo',
  home: 'Velada, início',
  navigation: 'Principal',
  search: 'Buscar',
  plans: 'Planos',
  favourites: 'Favoritos',
  account: 'Minha conta',
  publish: 'Publique seu anúncio aqui',
  quickExit: 'Saída rápida',
  quickExitTitle: 'Sair da Velada na hora (também: Esc duas vezes)',
  languages: 'Idioma',
  description: 'Velada: anúncios classificados para adultos na Cidade de Buenos Aires. Anunciantes verificados, busca por bairro.',
} as const satisfies Texts<typeof es>;

const en = {
  skipLink: 'Skip to content',
  home: 'Velada, home',
  navigation: 'Main',
  search: 'Search',
  plans: 'Plans',
  favourites: 'Favourites',
  account: 'My account',
  publish: 'Post your ad here',
  quickExit: 'Quick exit',
  quickExitTitle: 'Leave Velada at once (also: Esc twice)',
  languages: 'Language',
  description: 'Velada: adult classified ads in the City of Buenos Aires. Verified advertisers, search by neighbourhood.',
} as const satisfies Texts<typeof es>;

export const header = { es, pt, en };

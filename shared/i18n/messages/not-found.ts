// The not-found page (site/components/not-found/not-found-page.astro), served with status 404 in the language of the
// address asked for. Portuguese and English key for key (docs/decisions/070-languages.md).
import type { Texts } from './texts.ts';

const es = {
  title: 'Página no encontrada',
  lead: 'La dirección que seguiste no existe en Velada. Buscá lo que querías ver:',
  searchLabel: 'Buscar avisos',
  placeholder: 'Barrio, nombre o palabra',
  search: 'Buscar',
  home: 'Volver al inicio',
  allAds: 'Ver todos los avisos',
} as const;

const pt = {
  title: 'Página não encontrada',
  lead: 'O endereço que você seguiu não existe na Velada. Busque o que você queria ver:',
  searchLabel: 'Buscar anúncios',
  placeholder: 'Bairro, nome ou palavra',
  search: 'Buscar',
  home: 'Voltar ao início',
  allAds: 'Ver todos os anúncios',
} as const satisfies Texts<typeof es>;

const en = {
  title: 'Page not found',
  lead: 'The address you followed does not exist on Velada. Search for what you wanted to see:',
  searchLabel: 'Search ads',
  placeholder: 'Neighbourhood, name or word',
  search: 'Search',
  home: 'Back to the home page',
  allAds: 'See all ads',
} as const satisfies Texts<typeof es>;

export const notFound = { es, pt, en };

// A landing page: a category in a barrio or zone (site/components/landing/landing-page.astro). Its introduction is made
// from the catalogue's facts and the live count, never from what the ads offer (docs/decisions/036-search-engines.md);
// whole sentences per count, so each language agrees in its own way (docs/decisions/070-languages.md).
import type { Texts } from './texts.ts';

const es = {
  titlePage: '{{heading}} (página {{page}})',
  moreFilters: 'Más filtros',
  barrioNone:
    'Por ahora no hay avisos de {{what}} publicados en {{place}}, uno de los {{barrios}} barrios de la zona {{zone}} de la Ciudad de Buenos Aires.',
  barrioOne:
    'Hay 1 aviso de {{what}} publicado en {{place}}, uno de los {{barrios}} barrios de la zona {{zone}} de la Ciudad de Buenos Aires.',
  barrioMany:
    'Hay {{number}} avisos de {{what}} publicados en {{place}}, uno de los {{barrios}} barrios de la zona {{zone}} de la Ciudad de Buenos Aires.',
  zoneNone:
    'Por ahora no hay avisos de {{what}} publicados en la zona {{zone}} de la Ciudad de Buenos Aires, que reúne {{barrios}} barrios: {{list}}.',
  zoneOne: 'Hay 1 aviso de {{what}} publicado en la zona {{zone}} de la Ciudad de Buenos Aires, que reúne {{barrios}} barrios: {{list}}.',
  zoneMany:
    'Hay {{number}} avisos de {{what}} publicados en la zona {{zone}} de la Ciudad de Buenos Aires, que reúne {{barrios}} barrios: {{list}}.',
  adults: 'Todos los avisos son de anunciantes mayores de edad con identidad verificada.',
  nearBarrio: 'Cerca de {{place}}, en la misma zona, también podés buscar en {{list}}.',
  otherZonesText: 'También podés buscar {{what}} en otras zonas: {{list}}.',
  and: 'y',
  descriptionNone: 'Por ahora no hay avisos de {{what}} en {{where}}, CABA. Anunciantes mayores de edad con identidad verificada.',
  descriptionOne: 'Hay 1 aviso de {{what}} en {{where}}, CABA. Anunciantes mayores de edad con identidad verificada.',
  descriptionMany: 'Hay {{number}} avisos de {{what}} en {{where}}, CABA. Anunciantes mayores de edad con identidad verificada.',
  whereBarrio: '{{place}} (zona {{zone}})',
  whereZone: 'la zona {{zone}}',
  otherSearches: 'Otras búsquedas',
  otherBarrios: 'Otros barrios de la zona {{zone}}',
  zoneBarrios: 'Barrios de la zona {{zone}}',
  otherZones: '{{category}} en otras zonas',
  otherCategories: 'Otras categorías en {{where}}',
} as const;

const pt = {
  titlePage: '{{heading}} (página {{page}})',
  moreFilters: 'Mais filtros',
  barrioNone:
    'Por enquanto não há anúncios de {{what}} publicados em {{place}}, um dos {{barrios}} bairros da zona {{zone}} da Cidade de Buenos Aires.',
  barrioOne: 'Há 1 anúncio de {{what}} publicado em {{place}}, um dos {{barrios}} bairros da zona {{zone}} da Cidade de Buenos Aires.',
  barrioMany:
    'Há {{number}} anúncios de {{what}} publicados em {{place}}, um dos {{barrios}} bairros da zona {{zone}} da Cidade de Buenos Aires.',
  zoneNone:
    'Por enquanto não há anúncios de {{what}} publicados na zona {{zone}} da Cidade de Buenos Aires, que reúne {{barrios}} bairros: {{list}}.',
  zoneOne: 'Há 1 anúncio de {{what}} publicado na zona {{zone}} da Cidade de Buenos Aires, que reúne {{barrios}} bairros: {{list}}.',
  zoneMany:
    'Há {{number}} anúncios de {{what}} publicados na zona {{zone}} da Cidade de Buenos Aires, que reúne {{barrios}} bairros: {{list}}.',
  adults: 'Todos os anúncios são de anunciantes maiores de idade com identidade verificada.',
  nearBarrio: 'Perto de {{place}}, na mesma zona, você também pode buscar em {{list}}.',
  otherZonesText: 'Você também pode buscar {{what}} em outras zonas: {{list}}.',
  and: 'e',
  descriptionNone:
    'Por enquanto não há anúncios de {{what}} em {{where}}, Buenos Aires. Anunciantes maiores de idade com identidade verificada.',
  descriptionOne: 'Há 1 anúncio de {{what}} em {{where}}, Buenos Aires. Anunciantes maiores de idade com identidade verificada.',
  descriptionMany: 'Há {{number}} anúncios de {{what}} em {{where}}, Buenos Aires. Anunciantes maiores de idade com identidade verificada.',
  whereBarrio: '{{place}} (zona {{zone}})',
  whereZone: 'a zona {{zone}}',
  otherSearches: 'Outras buscas',
  otherBarrios: 'Outros bairros da zona {{zone}}',
  zoneBarrios: 'Bairros da zona {{zone}}',
  otherZones: '{{category}} em outras zonas',
  otherCategories: 'Outras categorias em {{where}}',
} as const satisfies Texts<typeof es>;

const en = {
  titlePage: '{{heading}} (page {{page}})',
  moreFilters: 'More filters',
  barrioNone:
    'For now there are no ads for {{what}} in {{place}}, one of the {{barrios}} neighbourhoods of the {{zone}} zone of the City of Buenos Aires.',
  barrioOne:
    'There is 1 ad for {{what}} in {{place}}, one of the {{barrios}} neighbourhoods of the {{zone}} zone of the City of Buenos Aires.',
  barrioMany:
    'There are {{number}} ads for {{what}} in {{place}}, one of the {{barrios}} neighbourhoods of the {{zone}} zone of the City of Buenos Aires.',
  zoneNone:
    'For now there are no ads for {{what}} in the {{zone}} zone of the City of Buenos Aires, which has {{barrios}} neighbourhoods: {{list}}.',
  zoneOne: 'There is 1 ad for {{what}} in the {{zone}} zone of the City of Buenos Aires, which has {{barrios}} neighbourhoods: {{list}}.',
  zoneMany:
    'There are {{number}} ads for {{what}} in the {{zone}} zone of the City of Buenos Aires, which has {{barrios}} neighbourhoods: {{list}}.',
  adults: 'Every ad is from an adult advertiser whose identity has been verified.',
  nearBarrio: 'Near {{place}}, in the same zone, you can also search in {{list}}.',
  otherZonesText: 'You can also search for {{what}} in other zones: {{list}}.',
  and: 'and',
  descriptionNone: 'For now there are no ads for {{what}} in {{where}}, Buenos Aires. Adult advertisers with verified identity.',
  descriptionOne: 'There is 1 ad for {{what}} in {{where}}, Buenos Aires. Adult advertisers with verified identity.',
  descriptionMany: 'There are {{number}} ads for {{what}} in {{where}}, Buenos Aires. Adult advertisers with verified identity.',
  whereBarrio: '{{place}} ({{zone}} zone)',
  whereZone: 'the {{zone}} zone',
  otherSearches: 'Other searches',
  otherBarrios: 'Other neighbourhoods of the {{zone}} zone',
  zoneBarrios: 'Neighbourhoods of the {{zone}} zone',
  otherZones: '{{category}} in other zones',
  otherCategories: 'Other categories in {{where}}',
} as const satisfies Texts<typeof es>;

export const landing = { es, pt, en };

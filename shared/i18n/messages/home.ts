// The home (site/components/home/home-page.astro) and its featured strip (site/components/featured-ads.astro).
// Portuguese and English key for key (docs/decisions/070-languages.md). The buttons for advertisers lead to Spanish
// pages in every language: advertiser areas stay Spanish.
import type { Texts } from './texts.ts';

const es = {
  description:
    'Avisos clasificados para adultos en CABA: acompañantes, masajes, citas, trans y taxi boys, por barrio. Anunciantes verificados.',
  heading: 'Avisos clasificados para adultos en CABA',
  lead: 'Anunciantes independientes y verificadas, en los 48 barrios de la Ciudad de Buenos Aires.',
  placeLabel: 'Barrio de CABA',
  placePlaceholder: 'Buscá por barrio de CABA, por ejemplo Palermo o Recoleta',
  placesLabel: 'Barrios y zonas',
  oneSuggestion: '1 sugerencia.',
  suggestions: '{{number}} sugerencias.',
  zoneBarrios: '{{number}} barrios',
  search: 'Buscar',
  categoriesNav: 'Categorías',
  categoriesTitle: 'Explorá por categoría',
  escorts: 'Compañía para cenas, eventos y salidas.',
  masajes: 'Masajes relajantes y descontracturantes.',
  encuentros: 'Citas y encuentros con buena charla.',
  trans: 'Anunciantes trans verificadas.',
  'taxi-boys': 'Compañía masculina independiente.',
  aboutTitle: 'Qué es Velada',
  aboutFirst:
    'Velada es un sitio de avisos clasificados para personas adultas en la Ciudad Autónoma de Buenos Aires. Cada anunciante publica por su cuenta, después de verificar su identidad y su edad, y cada aviso es revisado por nuestro equipo antes de aparecer. No somos una agencia: no intermediamos ni participamos en los servicios que se ofrecen.',
  aboutSecond:
    'Buscá por barrio, categoría, horario, idioma o precio. Si algo te parece sospechoso, denuncialo: los avisos denunciados por posible minoría de edad o trata se ocultan al instante.',
  visibility: 'Aumenta tu visibilidad',
  app: 'Descargar App',
  guide: 'Guía PDF',
  plans: 'Ver Planes Premium',
  featuredTitle: 'Destacados VIP',
  featuredMore: 'Ver más destacados',
  featuredEmpty: 'Este lugar es para los anuncios VIP.',
  featuredEmptyLink: 'Destacá el tuyo en el inicio',
} as const;

const pt = {
  description:
    'Anúncios classificados para adultos em Buenos Aires: acompanhantes, massagens, encontros, trans e garotos de programa, por bairro. Anunciantes verificados.',
  heading: 'Anúncios classificados para adultos em Buenos Aires',
  lead: 'Anunciantes independentes e verificados, nos 48 bairros da Cidade de Buenos Aires.',
  placeLabel: 'Bairro de Buenos Aires',
  placePlaceholder: 'Busque por bairro de Buenos Aires, por exemplo Palermo ou Recoleta',
  placesLabel: 'Bairros e zonas',
  oneSuggestion: '1 sugestão.',
  suggestions: '{{number}} sugestões.',
  zoneBarrios: '{{number}} bairros',
  search: 'Buscar',
  categoriesNav: 'Categorias',
  categoriesTitle: 'Explore por categoria',
  escorts: 'Companhia para jantares, eventos e saídas.',
  masajes: 'Massagens relaxantes e terapêuticas.',
  encuentros: 'Encontros com uma boa conversa.',
  trans: 'Anunciantes trans, todas verificadas.',
  'taxi-boys': 'Companhia masculina independente.',
  aboutTitle: 'O que é a Velada',
  aboutFirst:
    'A Velada é um site de anúncios classificados para adultos na Cidade Autônoma de Buenos Aires. Cada anunciante publica por conta própria, depois de verificar sua identidade e sua idade, e cada anúncio é revisado pela nossa equipe antes de aparecer. Não somos uma agência: não intermediamos nem participamos dos serviços oferecidos.',
  aboutSecond:
    'Busque por bairro, categoria, horário, idioma ou preço. Se algo parecer suspeito, denuncie: os anúncios denunciados por possível menoridade ou tráfico de pessoas são ocultados na hora.',
  visibility: 'Aumente sua visibilidade',
  app: 'Baixar o app',
  guide: 'Guia em PDF',
  plans: 'Ver planos Premium',
  featuredTitle: 'Destaques VIP',
  featuredMore: 'Ver mais destaques',
  featuredEmpty: 'Este espaço é para os anúncios VIP.',
  featuredEmptyLink: 'Destaque o seu na página inicial',
} as const satisfies Texts<typeof es>;

const en = {
  description:
    'Adult classified ads in Buenos Aires: escorts, massages, dates, trans and male escorts, by neighbourhood. Verified advertisers.',
  heading: 'Adult classified ads in Buenos Aires',
  lead: 'Independent, verified advertisers in all 48 neighbourhoods of the City of Buenos Aires.',
  placeLabel: 'Buenos Aires neighbourhood',
  placePlaceholder: 'Search by Buenos Aires neighbourhood, for example Palermo or Recoleta',
  placesLabel: 'Neighbourhoods and zones',
  oneSuggestion: '1 suggestion.',
  suggestions: '{{number}} suggestions.',
  zoneBarrios: '{{number}} neighbourhoods',
  search: 'Search',
  categoriesNav: 'Categories',
  categoriesTitle: 'Browse by category',
  escorts: 'Company for dinners, events and nights out.',
  masajes: 'Relaxing and deep tissue massages.',
  encuentros: 'Dates and meetings with good conversation.',
  trans: 'Verified trans advertisers.',
  'taxi-boys': 'Independent male company.',
  aboutTitle: 'What Velada is',
  aboutFirst:
    'Velada is a classified ads site for adults in the Autonomous City of Buenos Aires. Each advertiser publishes on their own, after verifying their identity and age, and our team reviews every ad before it appears. We are not an agency: we do not act as intermediaries or take part in the services offered.',
  aboutSecond:
    'Search by neighbourhood, category, time, language or price. If something looks suspicious, report it: ads reported for a possible minor or trafficking are hidden at once.',
  visibility: 'Increase your visibility',
  app: 'Download the app',
  guide: 'PDF guide',
  plans: 'See Premium plans',
  featuredTitle: 'VIP featured ads',
  featuredMore: 'See more featured ads',
  featuredEmpty: 'This space is for VIP ads.',
  featuredEmptyLink: 'Feature yours on the home page',
} as const satisfies Texts<typeof es>;

export const home = { es, pt, en };

// The site's fixed vocabulary in each language: the labels of categories, zones and every search filter's values,
// keyed by the value (shared/catalogue.ts). Spanish is the catalogue's own labels, so a label has one home; Portuguese
// and English give one for each value (docs/decisions/070-languages.md). Read directly (vocabularyLabel), not only
// through translator(): the search form's script names filters in the browser too.
import {
  AGE_RANGES,
  ATTENTION_TYPES,
  AVAILABILITY_OPTIONS,
  CATEGORIES,
  LANGUAGES,
  PRICE_RANGES,
  SERVICE_TYPES,
  SORT_OPTIONS,
  VERIFICATION_FILTERS,
  ZONES,
} from '../../catalogue.ts';
import { labelsOf, type Texts } from './texts.ts';

const categoriesEs = labelsOf(CATEGORIES);
export const categories = {
  es: categoriesEs,
  pt: { escorts: 'Acompanhantes', masajes: 'Massagens', encuentros: 'Encontros', trans: 'Trans', 'taxi-boys': 'Garotos de programa' },
  en: { escorts: 'Escorts', masajes: 'Massages', encuentros: 'Dates', trans: 'Trans', 'taxi-boys': 'Male escorts' },
} as const satisfies Record<'es' | 'pt' | 'en', Texts<typeof categoriesEs>>;

const zonesEs = labelsOf(ZONES);
export const zones = {
  es: zonesEs,
  pt: { premium: 'Premium', central: 'Central', sur: 'Sul', norte: 'Norte', oeste: 'Oeste' },
  en: { premium: 'Premium', central: 'Central', sur: 'South', norte: 'North', oeste: 'West' },
} as const satisfies Record<'es' | 'pt' | 'en', Texts<typeof zonesEs>>;

const availabilityEs = labelsOf(AVAILABILITY_OPTIONS);
export const availability = {
  es: availabilityEs,
  pt: {
    ahora: 'Disponível agora',
    hoy: 'Disponível hoje',
    'agenda-abierta': 'Agenda aberta',
    '24h': '24 horas',
    matutino: 'Manhã (6-12)',
    tarde: 'Tarde (12-18)',
    nocturno: 'Noite (18-24)',
    madrugada: 'Madrugada (0-6)',
    'lunes-viernes': 'Segunda a sexta',
    'fines-semana': 'Fins de semana',
    domingos: 'Domingos',
  },
  en: {
    ahora: 'Available now',
    hoy: 'Available today',
    'agenda-abierta': 'Open schedule',
    '24h': '24 hours',
    matutino: 'Morning (6-12)',
    tarde: 'Afternoon (12-18)',
    nocturno: 'Evening (18-24)',
    madrugada: 'Late night (0-6)',
    'lunes-viernes': 'Monday to Friday',
    'fines-semana': 'Weekends',
    domingos: 'Sundays',
  },
} as const satisfies Record<'es' | 'pt' | 'en', Texts<typeof availabilityEs>>;

const sortsEs = labelsOf(SORT_OPTIONS);
export const sorts = {
  es: sortsEs,
  pt: {
    relevancia: 'Relevância',
    recientes: 'Mais recentes',
    populares: 'Mais populares',
    'precio-menor': 'Preço: do menor ao maior',
    'precio-mayor': 'Preço: do maior ao menor',
    verificados: 'Verificados primeiro',
  },
  en: {
    relevancia: 'Relevance',
    recientes: 'Newest',
    populares: 'Most popular',
    'precio-menor': 'Price: low to high',
    'precio-mayor': 'Price: high to low',
    verificados: 'Verified first',
  },
} as const satisfies Record<'es' | 'pt' | 'en', Texts<typeof sortsEs>>;

const pricesEs = labelsOf(PRICE_RANGES);
// Pesos in every language (ARS, as Intl writes the currency outside Argentina).
export const prices = {
  es: pricesEs,
  pt: {
    '0-5000': 'Até ARS 5.000',
    '5000-10000': 'ARS 5.000 a 10.000',
    '10000-20000': 'ARS 10.000 a 20.000',
    '20000+': 'Mais de ARS 20.000',
  },
  en: {
    '0-5000': 'Up to ARS 5,000',
    '5000-10000': 'ARS 5,000 to 10,000',
    '10000-20000': 'ARS 10,000 to 20,000',
    '20000+': 'Over ARS 20,000',
  },
} as const satisfies Record<'es' | 'pt' | 'en', Texts<typeof pricesEs>>;

const agesEs = labelsOf(AGE_RANGES);
export const ages = {
  es: agesEs,
  pt: { '18-25': 'De 18 a 25', '26-35': 'De 26 a 35', '36-45': 'De 36 a 45', '45+': 'Mais de 45' },
  en: { '18-25': '18 to 25', '26-35': '26 to 35', '36-45': '36 to 45', '45+': 'Over 45' },
} as const satisfies Record<'es' | 'pt' | 'en', Texts<typeof agesEs>>;

const verificationEs = labelsOf(VERIFICATION_FILTERS);
export const verification = {
  es: verificationEs,
  pt: { verificado: 'Identidade verificada', 'fotos-reales': 'Fotos reais', premium: 'Premium' },
  en: { verificado: 'Verified identity', 'fotos-reales': 'Real photos', premium: 'Premium' },
} as const satisfies Record<'es' | 'pt' | 'en', Texts<typeof verificationEs>>;

const languagesEs = labelsOf(LANGUAGES);
export const languages = {
  es: languagesEs,
  pt: { espanol: 'Espanhol', ingles: 'Inglês', portugues: 'Português', frances: 'Francês' },
  en: { espanol: 'Spanish', ingles: 'English', portugues: 'Portuguese', frances: 'French' },
} as const satisfies Record<'es' | 'pt' | 'en', Texts<typeof languagesEs>>;

const servicesEs = labelsOf(SERVICE_TYPES);
export const services = {
  es: servicesEs,
  pt: { presencial: 'Presencial', virtual: 'Virtual', domicilio: 'A domicílio', hotel: 'Hotel' },
  en: { presencial: 'In person', virtual: 'Online', domicilio: 'Home visits', hotel: 'Hotel' },
} as const satisfies Record<'es' | 'pt' | 'en', Texts<typeof servicesEs>>;

const attentionEs = labelsOf(ATTENTION_TYPES);
export const attention = {
  es: attentionEs,
  pt: { individual: 'Individual', parejas: 'Casais', grupos: 'Grupos' },
  en: { individual: 'One to one', parejas: 'Couples', grupos: 'Groups' },
} as const satisfies Record<'es' | 'pt' | 'en', Texts<typeof attentionEs>>;

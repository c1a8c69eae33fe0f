// The reasons the transparency report counts by, keyed by their value: why staff refused an ad
// (shared/refusal-categories.ts) and why a visitor reported one (shared/report-reasons.ts). Spanish is the lists' own
// labels, which the panel and the report form show; Portuguese and English give one for each value
// (docs/decisions/070-languages.md).
import { REFUSAL_CATEGORIES } from '../../refusal-categories.ts';
import { REPORT_REASONS } from '../../report-reasons.ts';
import { labelsOf, type Texts } from './texts.ts';

const refusalEs = labelsOf(REFUSAL_CATEGORIES);
export const refusalCategories = {
  es: refusalEs,
  pt: {
    posible_menor: 'Dúvidas sobre a idade',
    posible_trata: 'Sinais de tráfico de pessoas ou exploração',
    contenido: 'Texto ou serviços não permitidos',
    fotos: 'Fotos que não cumprem as regras',
    datos: 'Dados incompletos ou incorretos',
    duplicado: 'Anúncio repetido ou enganoso',
    otro: 'Outro motivo',
  },
  en: {
    posible_menor: 'Doubts about age',
    posible_trata: 'Signs of trafficking or exploitation',
    contenido: 'Text or services not allowed',
    fotos: 'Photos that break the rules',
    datos: 'Missing or wrong details',
    duplicado: 'Duplicate or misleading ad',
    otro: 'Other reason',
  },
} as const satisfies Record<'es' | 'pt' | 'en', Texts<typeof refusalEs>>;

const reportEs = labelsOf(REPORT_REASONS);
export const reportReasons = {
  es: reportEs,
  pt: {
    posible_menor: 'Possível menor de idade',
    posible_trata: 'Possível tráfico de pessoas ou exploração',
    estafa: 'Golpe',
    fotos_falsas: 'Fotos falsas',
    otro: 'Outro',
  },
  en: {
    posible_menor: 'Possibly under 18',
    posible_trata: 'Possible trafficking or exploitation',
    estafa: 'Scam',
    fotos_falsas: 'Fake photos',
    otro: 'Other',
  },
} as const satisfies Record<'es' | 'pt' | 'en', Texts<typeof reportEs>>;

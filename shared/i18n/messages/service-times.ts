// "Tiempos de respuesta" on the transparency report (site/components/transparency/service-times.astro,
// docs/decisions/065-service-times.md), with each kind of decision keyed by its value (SERVICE_KINDS). Portuguese
// and English key for key (docs/decisions/070-languages.md).
import type { Texts } from './texts.ts';

const es = {
  title: 'Tiempos de respuesta',
  lead: 'Cuánto tardó el equipo en decidir, contando las decisiones tomadas en los últimos {{days}} días. Con las esperas ordenadas de la más corta a la más larga, la mediana es la del medio (la mitad de las decisiones llegó en ese tiempo o antes) y el percentil 95 es la que el 95 % de las decisiones no superó. Las dos son esperas reales, nunca promedios.',
  updated: 'Actualizado a las {{time}} del {{date}}, con las decisiones de los {{days}} días anteriores. Se actualiza cada hora.',
  notYet: 'Todavía no se calcularon: se calculan cada hora.',
  region: 'Tiempos de respuesta de los últimos {{days}} días',
  caption: 'Tiempos de respuesta de los últimos {{days}} días, por trámite',
  kind: 'Trámite',
  median: 'Mediana',
  p95: 'Percentil 95',
  decisions: 'Decisiones',
  identity_verification: 'Verificación de identidad',
  identity_verificationHint: 'Desde que quien publica envía sus datos hasta que el equipo aprueba o rechaza.',
  ad_review: 'Revisión de anuncios',
  ad_reviewHint: 'Desde que un anuncio nuevo o editado entra a revisión hasta que el equipo lo aprueba, rechaza o da de baja.',
  photo_verification: 'Verificación de fotos',
  photo_verificationHint: 'Desde que quien publica envía su selfie hasta que el equipo decide sobre las fotos.',
  report: 'Decisión de denuncias',
  reportHint: 'Desde que llega la denuncia hasta que el equipo la resuelve o la descarta.',
} as const;

const pt = {
  title: 'Tempos de resposta',
  lead: 'Quanto tempo a equipe levou para decidir, contando as decisões tomadas nos últimos {{days}} dias. Com as esperas em ordem da mais curta à mais longa, a mediana é a do meio (metade das decisões saiu nesse tempo ou antes) e o percentil 95 é a espera que 95% das decisões não ultrapassaram. As duas são esperas reais, nunca médias.',
  updated: 'Atualizado às {{time}} de {{date}}, com as decisões dos {{days}} dias anteriores. A atualização é feita a cada hora.',
  notYet: 'Ainda não foram calculados: o cálculo é feito a cada hora.',
  region: 'Tempos de resposta dos últimos {{days}} dias',
  caption: 'Tempos de resposta dos últimos {{days}} dias, por processo',
  kind: 'Processo',
  median: 'Mediana',
  p95: 'Percentil 95',
  decisions: 'Decisões',
  identity_verification: 'Verificação de identidade',
  identity_verificationHint: 'Desde que quem anuncia envia os seus dados até a equipe aprovar ou recusar.',
  ad_review: 'Revisão de anúncios',
  ad_reviewHint: 'Desde que um anúncio novo ou editado entra em revisão até a equipe aprová-lo, recusá-lo ou removê-lo.',
  photo_verification: 'Verificação de fotos',
  photo_verificationHint: 'Desde que quem anuncia envia a sua selfie até a equipe decidir sobre as fotos.',
  report: 'Decisão sobre denúncias',
  reportHint: 'Desde que a denúncia chega até a equipe resolvê-la ou descartá-la.',
} as const satisfies Texts<typeof es>;

const en = {
  title: 'Response times',
  lead: 'How long the team took to decide, counting the decisions made in the last {{days}} days. With the waits sorted from shortest to longest, the median is the one in the middle (half of the decisions came within that time or sooner) and the 95th percentile is the wait that 95% of decisions did not exceed. Both are real waits, never averages.',
  updated: 'Computed at {{time}} on {{date}} from the decisions of the previous {{days}} days. It is computed again every hour.',
  notYet: 'Not computed yet: they are computed every hour.',
  region: 'Response times over the last {{days}} days',
  caption: 'Response times over the last {{days}} days, by process',
  kind: 'Process',
  median: 'Median',
  p95: '95th percentile',
  decisions: 'Decisions',
  identity_verification: 'Identity verification',
  identity_verificationHint: 'From when an advertiser sends their details until the team approves or rejects them.',
  ad_review: 'Ad review',
  ad_reviewHint: 'From when a new or edited ad enters review until the team approves, rejects or takes it down.',
  photo_verification: 'Photo verification',
  photo_verificationHint: 'From when an advertiser sends their selfie until the team decides on the photos.',
  report: 'Report decisions',
  reportHint: 'From when a report arrives until the team resolves or dismisses it.',
} as const satisfies Texts<typeof es>;

export const serviceTimes = { es, pt, en };

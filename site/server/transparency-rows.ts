// The rows of the transparency report's tables (/transparencia, docs/decisions/042-transparency-report.md): what each
// figure is, how it is counted (the hint under its name), and how a month's value is written in its cell.
import { UNCATEGORISED, type MonthFigures } from '#shared/contracts/public/transparency.ts';
import { REFUSAL_CATEGORIES } from '#shared/refusal-categories.ts';
import { REPORT_REASONS } from '#shared/report-reasons.ts';
import { formatDuration } from '#shared/format.ts';

export interface Row {
  label: string;
  hint?: string;
  value: (m: MonthFigures) => number | null;
  kind?: 'count' | 'duration';
  sub?: boolean;
}

export interface Section {
  id: string;
  title: string;
  rows: Row[];
}

const number = new Intl.NumberFormat('es-AR');

/**
 * A month's figure as its cell shows it; '—' where the figure has no value that month (a median without decisions,
 * submissions before they were counted). Months are listed from the first with data (core/transparency/), so one
 * after it with nothing recorded shows zeros.
 */
export function cellText(row: Row, m: MonthFigures): string {
  const value = row.value(m);
  if (value === null) return '—';
  return row.kind === 'duration' ? formatDuration(value) : number.format(value);
}

/** The three tables; `sinceText` says since when submissions are counted ("desde el 3 de agosto de 2026"). */
export function transparencySections(sinceText: string): Section[] {
  return [
    {
      id: 'anuncios',
      title: 'Anuncios',
      rows: [
        {
          label: 'Enviados a revisión',
          hint: `Anuncios nuevos o editados que entraron a la cola de revisión (se cuentan ${sinceText}).`,
          value: (m) => m.adsSubmitted,
        },
        {
          label: 'Aprobados y publicados',
          hint: 'Revisiones que el equipo aprobó: el anuncio (o su edición) se publicó.',
          value: (m) => m.adsApproved,
        },
        { label: 'Rechazados', hint: 'Revisiones que el equipo rechazó, con el motivo que ve quien publica.', value: (m) => m.adsRejected },
        ...REFUSAL_CATEGORIES.map((c) => ({ label: c.label, value: (m: MonthFigures) => m.rejectedByCategory[c.value], sub: true })),
        {
          label: 'Sin categoría',
          hint: `Rechazos anteriores a que se registrara la categoría del motivo.`,
          value: (m) => m.rejectedByCategory[UNCATEGORISED],
          sub: true,
        },
        {
          label: 'Dados de baja',
          hint: 'Anuncios que el equipo retiró (publicados o en revisión), con un motivo.',
          value: (m) => m.adsRemoved,
        },
        {
          label: 'Mediana hasta la decisión',
          hint: 'Tiempo desde que el anuncio entra a revisión hasta que el equipo lo aprueba, rechaza o da de baja; decisiones del mes.',
          value: (m) => m.medianAdDecisionMs,
          kind: 'duration',
        },
      ],
    },
    {
      id: 'denuncias',
      title: 'Denuncias',
      rows: [
        { label: 'Recibidas', hint: 'Denuncias enviadas desde «Denunciar», por motivo:', value: (m) => m.reportsReceived },
        ...REPORT_REASONS.map((r) => ({ label: r.label, value: (m: MonthFigures) => m.reportsByReason[r.value], sub: true })),
        {
          label: 'Anuncios ocultados al instante',
          hint: 'Denuncias por posible menor de edad o trata que ocultaron un anuncio publicado hasta la revisión.',
          value: (m) => m.adsHiddenByReports,
        },
        { label: 'Decididas', hint: 'Denuncias que el equipo resolvió o descartó en el mes.', value: (m) => m.reportsDecided },
        {
          label: 'Mediana hasta la decisión',
          hint: 'Tiempo desde que llega la denuncia hasta que el equipo la decide; decisiones del mes.',
          value: (m) => m.medianReportDecisionMs,
          kind: 'duration',
        },
      ],
    },
    {
      id: 'verificaciones',
      title: 'Verificaciones de identidad',
      rows: [
        {
          label: 'Aprobadas',
          hint: 'Verificaciones de identidad de quienes publican que el equipo aprobó.',
          value: (m) => m.verificationsApproved,
        },
        { label: 'Rechazadas', hint: 'Verificaciones rechazadas (pueden enviarse de nuevo).', value: (m) => m.verificationsRejected },
        {
          label: 'Mediana de espera',
          hint: 'Tiempo desde que se envía la verificación hasta la decisión; decisiones del mes.',
          value: (m) => m.medianVerificationWaitMs,
          kind: 'duration',
        },
      ],
    },
  ];
}

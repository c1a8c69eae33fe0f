// The transparency report's rows in each language (docs/decisions/042-transparency-report.md, 070-languages.md): the
// same sections and figures, the labels, reasons and hints in the page's language, counts and waits written its way.
import { describe, expect, it } from 'vitest';
import { cellText, transparencySections, type Row } from './transparency-rows.ts';
import { REFUSAL_CATEGORIES } from '#shared/refusal-categories.ts';
import { REPORT_REASONS } from '#shared/report-reasons.ts';
import type { MonthFigures } from '#shared/contracts/public/transparency.ts';

const HOUR = 3_600_000;
const month = { adsSubmitted: 12_345, medianAdDecisionMs: 52 * HOUR, medianReportDecisionMs: null } as unknown as MonthFigures;
const count: Row = { label: 'x', value: (m) => m.adsSubmitted };
const wait: Row = { label: 'x', value: (m) => m.medianAdDecisionMs, kind: 'duration' };
const none: Row = { label: 'x', value: (m) => m.medianReportDecisionMs, kind: 'duration' };

describe('cellText', () => {
  it('writes counts and waits in the page language, a dash where there is no figure', () => {
    expect([count, wait, none].map((row) => cellText(row, month))).toEqual(['12.345', '2 días 4 h', '—']);
    expect([count, wait, none].map((row) => cellText(row, month, 'pt'))).toEqual(['12.345', '2 dias 4 h', '—']);
    expect([count, wait, none].map((row) => cellText(row, month, 'en'))).toEqual(['12,345', '2 days 4 h', '—']);
  });
});

describe('transparencySections', () => {
  it('keeps the Spanish labels, with the Spanish lists of reasons', () => {
    const [ads, reports, verifications] = transparencySections('desde el 3 de agosto de 2026');
    expect(ads!.title).toBe('Anuncios');
    expect(ads!.rows[0]).toMatchObject({
      label: 'Enviados a revisión',
      hint: 'Anuncios nuevos o editados que entraron a la cola de revisión (se cuentan desde el 3 de agosto de 2026).',
    });
    expect(ads!.rows.filter((r) => r.sub).map((r) => r.label)).toEqual([...REFUSAL_CATEGORIES.map((c) => c.label), 'Sin categoría']);
    expect(reports!.rows.filter((r) => r.sub).map((r) => r.label)).toEqual(REPORT_REASONS.map((r) => r.label));
    expect(verifications!.title).toBe('Verificaciones de identidad');
  });

  it('has the same sections and rows in every language, worded in it', () => {
    const es = transparencySections('desde el 3 de agosto de 2026');
    for (const [locale, since, title] of [
      ['pt', 'desde 3 de agosto de 2026', 'Anúncios'],
      ['en', 'since August 3, 2026', 'Ads'],
    ] as const) {
      const sections = transparencySections(since, locale);
      expect(sections.map((s) => s.id)).toEqual(es.map((s) => s.id));
      expect(sections.map((s) => s.rows.length)).toEqual(es.map((s) => s.rows.length));
      expect(sections[0]!.title).toBe(title);
      expect(sections[0]!.rows[0]!.hint).toContain(since);
      // Every label and hint differs from the Spanish one, but for words the languages share.
      const labels = sections.flatMap((s) => s.rows.map((r) => r.label));
      const spanish = es.flatMap((s) => s.rows.map((r) => r.label));
      expect(labels.filter((label, i) => label === spanish[i] && label.includes(' '))).toEqual(locale === 'pt' ? ['Fotos falsas'] : []);
    }
    expect(transparencySections('since August 3, 2026', 'en')[1]!.rows.map((r) => r.label)).toContain(
      'Possible trafficking or exploitation',
    );
  });
});

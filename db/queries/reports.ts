// Reports of ads ("Denunciar", decisions.md Trust and safety). A report of a possible minor or of trafficking
// hides a published ad at once (state 'held') until staff decide; dismissing the report puts it back unless
// another open report still hides it. Other reasons wait for staff with the ad still visible.
import type { Knex } from 'knex';
import { insertedId } from '../dialect.ts';
import { adIdFromParam } from '../ad-text.ts';
import { refreshSearchRanks } from './search-rank.ts';

export const REPORT_REASONS = [
  { value: 'posible_menor', label: 'Posible menor de edad', hides: true },
  { value: 'posible_trata', label: 'Posible trata o explotación', hides: true },
  { value: 'estafa', label: 'Estafa', hides: false },
  { value: 'fotos_falsas', label: 'Fotos falsas', hides: false },
  { value: 'otro', label: 'Otro', hides: false },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]['value'];

/** An ad id from what a visitor typed: the code shown on the ad ("1234") or its link (…/anuncio/titulo-1234). */
export function adIdFromReference(reference: string): number | null {
  const text = reference.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text);
  const match = /\/anuncio\/([^/?#\s]+)/.exec(text);
  return match ? adIdFromParam(match[1]) : null;
}

export async function createReport(
  db: Knex,
  input: { adId: number | null; adReference: string | null; reason: ReportReason; details: string | null; contactEmail: string | null },
  now = new Date(),
): Promise<{ id: number; hidden: boolean }> {
  const hides = REPORT_REASONS.find((r) => r.value === input.reason)!.hides;
  return db.transaction(async (trx) => {
    // Only a public ad is hidden; the update is the transaction's first statement (a write).
    const hidden = input.adId && hides ? (await trx('ads').where({ id: input.adId, state: 'published' }).update({ state: 'held', updated_at: now })) > 0 : false;
    const exists = input.adId ? await trx('ads').where('id', input.adId).first('id') : null;
    const [row] = await trx('reports')
      .insert({
        ad_id: exists ? input.adId : null,
        ad_reference: exists ? null : input.adReference,
        reason: input.reason,
        details: input.details,
        contact_email: input.contactEmail,
        status: 'open',
        hid_ad: hidden,
        created_at: now,
      })
      .returning('id');
    return { id: insertedId(row), hidden };
  });
}

export interface ReportItem {
  id: number;
  adId: number | null;
  adTitle: string | null;
  adState: string | null;
  adReference: string | null;
  reason: ReportReason;
  details: string | null;
  contactEmail: string | null;
  status: 'open' | 'resolved' | 'dismissed';
  hidAd: boolean;
  createdAt: string;
}

export async function listReports(db: Knex, status: ReportItem['status'], limit = 300): Promise<ReportItem[]> {
  const rows = await db('reports as r')
    .leftJoin('ads as a', 'a.id', 'r.ad_id')
    .where('r.status', status)
    .orderBy('r.created_at', status === 'open' ? 'asc' : 'desc')
    .orderBy('r.id')
    .limit(limit)
    .select('r.*', 'a.title as ad_title', 'a.state as ad_state');
  return rows.map((r) => ({
    id: r.id,
    adId: r.ad_id,
    adTitle: r.ad_title ?? null,
    adState: r.ad_state ?? null,
    adReference: r.ad_reference,
    reason: r.reason,
    details: r.details,
    contactEmail: r.contact_email,
    status: r.status,
    hidAd: Boolean(r.hid_ad),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/**
 * open -> resolved (the report was right: the ad stays hidden for staff to remove it in Anuncios) or dismissed
 * (the ad comes back if this report had hidden it and no other open report of a hiding reason remains).
 */
export async function decideReport(db: Knex, id: number, decision: 'resolved' | 'dismissed', adminId: number, now = new Date()): Promise<'ok' | 'missing' | 'decided'> {
  const result = await db.transaction(async (trx) => {
    const moved = await trx('reports').where({ id, status: 'open' }).update({ status: decision, decided_at: now, decided_by: adminId });
    if (!moved) return (await trx('reports').where('id', id).first('id')) ? ('decided' as const) : ('missing' as const);
    const report = await trx('reports').where('id', id).first('ad_id');
    // Whichever report hid it: once none of a hiding reason is open, a dismissal brings the ad back.
    if (decision === 'dismissed' && report.ad_id) {
      // Any open report of a hiding reason keeps it hidden, also one that came after the ad was already hidden.
      const hidingReasons = REPORT_REASONS.filter((r) => r.hides).map((r) => r.value);
      const stillHiding = await trx('reports').where({ ad_id: report.ad_id, status: 'open' }).whereIn('reason', hidingReasons).first('id');
      const restored = stillHiding ? 0 : await trx('ads').where({ id: report.ad_id, state: 'held' }).update({ state: 'published', updated_at: now });
      if (restored) return report.ad_id as number;
    }
    return 'ok' as const;
  });
  if (typeof result === 'number') {
    await refreshSearchRanks(db, now, [result]);
    return 'ok';
  }
  return result;
}

// Escalating overdue reports (decision 044): an open report of a possible minor or of trafficking that has waited
// more than REPORT_OVERDUE_MS for staff is escalated once: marked (escalated_at) together with a staff alert, in one
// transaction, so that overlapping or repeated runs escalate each report exactly once. The caller mails staff.
import type { Knex } from 'knex';
import { Report } from '#db/models/index.ts';
import { HIDING_REASONS, REPORT_OVERDUE_MS, reportReasonLabel } from '#shared/report-reasons.ts';
import { createStaffAlert } from './staff-alerts.ts';

export interface EscalatedReport {
  id: number;
  adId: number | null;
  message: string;
}

/** Escalates every open hiding report overdue at `now` that was not escalated yet; returns those it escalated. */
export async function escalateOverdueReports(db: Knex, now = new Date()): Promise<EscalatedReport[]> {
  const due = await Report.query(db)
    .withGraphJoined('ad(titleOnly)')
    .where('reports.status', 'open')
    .whereIn('reports.reason', HIDING_REASONS)
    .whereNull('reports.escalated_at')
    .where('reports.created_at', '<', new Date(now.getTime() - REPORT_OVERDUE_MS))
    .orderBy('reports.created_at')
    .limit(200);
  const escalated: EscalatedReport[] = [];
  for (const report of due) {
    const title = report.ad?.title ?? report.adSnapshot?.title ?? report.adReference ?? 'sin aviso indicado';
    const code = report.adId ?? report.adSnapshot?.adId;
    const hours = Math.floor((now.getTime() - report.createdAt.getTime()) / 3_600_000);
    const message =
      `Denuncia demorada: la denuncia n.º ${report.id} por ${reportReasonLabel(report.reason).toLowerCase()} sobre «${title}»` +
      `${code ? ` (código ${code})` : ''} espera una decisión hace ${hours} horas.`;
    const claimed = await db.transaction(async (trx) => {
      // Claimed by the mark: a run that finds it already marked (another process, a repeated run) does nothing.
      const marked = await Report.query(trx)
        .findById(report.id)
        .where('status', 'open')
        .whereNull('escalated_at')
        .patch({ escalatedAt: now });
      if (!marked) return false;
      await createStaffAlert(trx, { kind: 'overdue_report', permission: 'view_reports', adId: report.adId, message }, now);
      return true;
    });
    if (claimed) escalated.push({ id: report.id, adId: report.adId, message });
  }
  return escalated;
}

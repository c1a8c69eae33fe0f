// Telling staff at once: the alert is stored for the panel (db/queries/staff-alerts.ts) by whoever raised it, and
// mailed here to STAFF_ALERT_EMAIL when configured. A failed mail never fails the request that raised the alert.
import type { Mailer } from '#core/mail/mail.ts';

export async function mailStaffAlert(mailer: Mailer, to: string | undefined, message: string, siteOrigin: string): Promise<void> {
  if (!to) return;
  try {
    await mailer.send({
      to,
      subject: 'Velada: alerta para el equipo',
      text: `${message}\n\nRevisalo en el panel: ${siteOrigin}/admin/dashboard\n\nVelada`,
    });
  } catch (err) {
    console.error('Staff alert mail failed:', (err as Error).message);
  }
}

// Labels and formats the panel's sections share.
export const PAYMENT_METHOD_LABELS: Record<string, string> = { transfer: 'Transferencia', mercadopago: 'MercadoPago', card: 'Tarjeta' };
export const PAYMENT_STATUS_LABELS: Record<string, string> = { completed: 'Completado', pending: 'Pendiente', cancelled: 'Cancelado' };

const dateTime = new Intl.DateTimeFormat('es-AR', {
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'America/Argentina/Buenos_Aires',
});
const isoParts = new Intl.DateTimeFormat('sv-SE', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Argentina/Buenos_Aires',
});

/** 22/11/26 14:05 — for people. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso)).replace(',', '');
/** 2026-11-22 14:05 (Buenos Aires) — for exported files, which spreadsheets sort as text. */
export const exportDateTime = (iso: string) => isoParts.format(new Date(iso));
/** Today in Buenos Aires, for file names. */
export const todayStamp = () => isoParts.format(new Date()).slice(0, 10);

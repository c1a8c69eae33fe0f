// The errors of the advertisers' and visitors' own tools: "Disponible ahora", the check-in timer, search alerts and
// safety alerts. A catalogue beside api/errors.ts (scripts/error-codes.ts), built the same way: a factory per error,
// a stable code and the message people read.
import { HttpError, tooManyRequests } from './errors.ts';

// "Disponible ahora" and "Hoy no atiendo" (docs/decisions/032-available-now.md)
export const availabilityNeedsPublishedAd = () =>
  new HttpError(
    409,
    'ad_not_published',
    'Solo un anuncio publicado puede estar disponible ahora: si está pausado, reanudalo; si está en revisión, esperá a que lo aprobemos.',
  );
export const alreadyAvailable = () =>
  new HttpError(
    409,
    'already_available',
    'Este anuncio ya está disponible ahora. Si querés cambiar hasta cuándo, terminá la disponibilidad y activala de nuevo.',
  );
export const notAvailableNow = () =>
  new HttpError(409, 'not_available', 'Este anuncio no está disponible ahora: no hay nada que terminar.');
export const dayOff = () => new HttpError(409, 'day_off', 'Marcaste que hoy no atendés: deshacelo para ponerte disponible.');
export const alreadyDayOff = () => new HttpError(409, 'already_off', 'Ya marcaste que hoy no atendés con este anuncio.');
export const notDayOff = () => new HttpError(409, 'not_off', 'Hoy no marcaste «Hoy no atiendo» en este anuncio: no hay nada que deshacer.');
export const dailyAvailableLimit = (limit: number) =>
  new HttpError(
    409,
    'daily_limit',
    `Ya activaste «Disponible ahora» ${limit} veces hoy en este anuncio, el máximo por día. Mañana podés volver a activarlo.`,
  );

// The check-in timer (docs/decisions/041-check-in.md)
export const checkInNeedsVerification = () =>
  new HttpError(
    403,
    'not_verified',
    'El aviso de seguridad es para cuentas con la identidad verificada. Verificá tu identidad para usarlo.',
  );
export const checkInRunning = () =>
  new HttpError(
    409,
    'check_in_running',
    'Ya tenés un aviso de seguridad en marcha: confirmá que estás bien o cancelalo antes de empezar otro.',
  );
export const noCheckIn = () =>
  new HttpError(
    404,
    'no_check_in',
    'No tenés un aviso de seguridad en marcha. Si su hora ya pasó, puede que ya le hayamos escrito a tu contacto.',
  );
export const checkInOverdue = () =>
  new HttpError(
    409,
    'check_in_overdue',
    'La hora del aviso ya pasó: ya no se puede extender. Tocá «Estoy bien» para que no le escribamos a tu contacto.',
  );
export const checkInExtensionLimit = (limit: number) =>
  new HttpError(
    409,
    'extension_limit',
    `Ya extendiste este aviso ${limit} veces, el máximo. Si necesitás más tiempo, confirmá y empezá uno nuevo.`,
  );

// Search alerts (docs/decisions/038-favourites-and-alerts.md)
export const invalidPushSubscription = (message: string) => new HttpError(400, 'invalid_subscription', message, 'subscription');
export const tooManySearchAlerts = (max: number) =>
  new HttpError(
    409,
    'too_many_alerts',
    `Ya tenés ${max} búsquedas con aviso en este dispositivo. Dejá de avisar alguna para agregar otra.`,
  );
// Also a wrong secret: a stranger learns nothing about the device's alerts.
export const searchAlertNotFound = () =>
  new HttpError(404, 'search_alert_not_found', 'Ese aviso de búsqueda no existe o ya fue eliminado.');

// Safety alerts between advertisers (docs/decisions/040-alertas.md)
export const alertsNeedVerification = () =>
  new HttpError(
    403,
    'not_verified',
    'Las alertas de seguridad son solo para anunciantes con la identidad verificada. Verificá tu identidad desde Mi cuenta; si ya la enviaste, vas a poder usarlas cuando la aprobemos.',
  );
export const alreadyReportedNumber = () =>
  new HttpError(
    409,
    'already_reported',
    'Ya reportaste este número y tu alerta está en revisión o aprobada: cada anunciante cuenta una vez por número. Si pasó algo nuevo, escribinos desde Contacto.',
    'phone',
  );
export const tooManySafetyReports = (max: number) =>
  tooManyRequests(`Ya reportaste ${max} incidentes en las últimas 24 horas, el máximo por día. Si es urgente, escribinos desde Contacto.`);
export const tooManySafetyLookups = (minutes: number) =>
  tooManyRequests(`Hiciste muchas consultas seguidas. Esperá ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} y volvé a consultar.`);

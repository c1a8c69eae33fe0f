// The errors of the advertisers' and visitors' own tools that the API answers itself (the core's refusals read as
// api/refusal-answers.ts says): the check-in timer, search alerts and safety alerts. A catalogue beside
// api/errors.ts (scripts/error-codes.ts), built the same way: a factory per error, a stable code and the message.
import { HttpError, tooManyRequests } from './errors.ts';

// The check-in timer (docs/decisions/041-check-in.md)
export const checkInNeedsVerification = () =>
  new HttpError(
    403,
    'not_verified',
    'El aviso de seguridad es para cuentas con la identidad verificada. Verificá tu identidad para usarlo.',
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
export const tooManySafetyReports = (max: number) =>
  tooManyRequests(`Ya reportaste ${max} incidentes en las últimas 24 horas, el máximo por día. Si es urgente, escribinos desde Contacto.`);
export const tooManySafetyLookups = (minutes: number) =>
  tooManyRequests(`Hiciste muchas consultas seguidas. Esperá ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} y volvé a consultar.`);

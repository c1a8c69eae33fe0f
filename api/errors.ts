// Error factories with stable codes (English) and messages for people (Spanish).
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  /** The form field the error is about, when there is one (a taken email, say). */
  readonly field: string | undefined;
  /** Sent as Retry-After (a 429 or 503 that will pass). */
  readonly retryAfterSeconds: number | undefined;
  constructor(status: number, code: string, message: string, field?: string, retryAfterSeconds?: number) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const notFound = (code = 'not_found', message = 'No encontramos lo que buscás.') => new HttpError(404, code, message);
export const forbidden = (code = 'forbidden', message = 'No tenés permiso para hacer esto.') => new HttpError(403, code, message);
export const tooManyRequests = (message = 'Demasiadas solicitudes. Esperá un momento y volvé a intentar.') =>
  new HttpError(429, 'too_many_requests', message);

/** An ad held by a report or removed by staff: its owner cannot change it meanwhile. */
export const adLocked = () =>
  new HttpError(409, 'ad_locked', 'Este anuncio está retenido por una denuncia o fue dado de baja por el equipo de Velada: no se puede modificar mientras tanto.');

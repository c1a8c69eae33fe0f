// Every error the API answers with: a factory per error, each with a stable code (English, for programs) and a
// message for people (Spanish). The error middleware (api/middleware/errors.ts) turns them into
// `{ error: { code, message, field? } }` with their status. Handlers throw these; they never build an HttpError.
import { WINDOW_MS } from './services/login-throttle.ts';

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  /** The form field the error is about, when there is one (a taken email, say). */
  readonly field: string | undefined;
  /** Sent as Retry-After (a 429 or 503 that will pass). */
  readonly retryAfterSeconds: number | undefined;
  /** Why the field was refused, alone, for forms that show it next to the field (invalid input). */
  readonly detail: string | undefined;
  constructor(status: number, code: string, message: string, field?: string, retryAfterSeconds?: number, detail?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
    this.retryAfterSeconds = retryAfterSeconds;
    this.detail = detail;
  }

  /** What goes after the code and message in the answer's `error`. */
  get body(): { field?: string; detail?: string } {
    return { ...(this.field ? { field: this.field } : {}), ...(this.detail !== undefined ? { detail: this.detail } : {}) };
  }
}

// Generic
const notFound = (code: string, message: string) => new HttpError(404, code, message);
export const noSuchEndpoint = () => notFound('no_such_endpoint', 'Ese recurso de la API no existe.');
export const noPermission = () => new HttpError(403, 'forbidden', 'No tenés permiso para hacer esto.');
export const crossOrigin = () => new HttpError(403, 'cross_origin', 'Solicitud rechazada: no proviene de Velada.');
export const tooManyRequests = (message = 'Demasiadas solicitudes. Esperá un momento y volvé a intentar.') =>
  new HttpError(429, 'too_many_requests', message);
export const serverBusy = () => new HttpError(503, 'busy', 'Hay mucho tráfico en este momento.', undefined, 2);

// What the error middleware answers by itself (api/middleware/errors.ts)
export const invalidInput = (field: string, detail: string) =>
  new HttpError(400, 'invalid_input', `Dato inválido: ${field}. ${detail}`.trim(), field, undefined, detail);
/** Another 4xx thrown by a library (a malformed header, say): its status, said plainly. */
export const badRequest = (status: number) => new HttpError(status, 'bad_request', 'La solicitud no es válida.');
export const internalError = () => new HttpError(500, 'internal', 'Ocurrió un error inesperado. Intentá de nuevo más tarde.');
// A value the database refused (api/middleware/errors.ts names which of its codes is which).
export const databaseText = () => new HttpError(400, 'invalid_text', 'El texto tiene caracteres que no se pueden guardar.');
export const databaseTooLong = () => new HttpError(400, 'value_too_long', 'Un dato es más largo de lo permitido.');
export const databaseMalformed = () => new HttpError(400, 'invalid_value', 'Un dato no tiene el formato esperado.');
export const databaseOutOfRange = () => new HttpError(400, 'out_of_range', 'Un número está fuera del rango permitido.');
export const databaseMissingValue = () => new HttpError(400, 'missing_value', 'Falta un dato obligatorio.');
export const databaseDuplicate = () => new HttpError(409, 'already_exists', 'Eso ya existe. Recargá la página y revisá los datos.');
export const databaseReference = () =>
  new HttpError(409, 'conflict', 'Lo que indicaste no existe o está en uso. Recargá la página e intentá de nuevo.');

// Request bodies
export const notJson = () => new HttpError(415, 'unsupported_media_type', 'El contenido debe enviarse como JSON.');
export const notMultipart = () =>
  new HttpError(415, 'unsupported_media_type', 'El formulario debe enviarse con sus archivos (multipart/form-data).');
export const notUrlEncodedForm = () => new HttpError(415, 'unsupported_media_type', 'Formulario no válido.');
export const payloadTooLarge = (limitBytes?: number) =>
  new HttpError(
    413,
    'payload_too_large',
    limitBytes ? `El contenido supera el tamaño máximo (${Math.round(limitBytes / 1024)} KB).` : 'La solicitud es demasiado grande.',
  );
export const incompleteBody = () => new HttpError(400, 'incomplete_body', 'El contenido llegó incompleto.');
export const invalidJson = () => new HttpError(400, 'invalid_json', 'El contenido no es JSON válido.');
export const invalidForm = () => new HttpError(400, 'invalid_form', 'El formulario llegó incompleto o mal formado.');
export const tooManyParts = () => new HttpError(413, 'too_many_parts', 'El formulario trae más archivos o datos de los que acepta.');
export const fieldTooLarge = (field: string) =>
  new HttpError(413, 'field_too_large', 'Un dato del formulario es más largo de lo permitido.', field);
export const uploadsBusy = () =>
  new HttpError(503, 'uploads_busy', 'Estamos recibiendo muchos archivos en este momento. Probá de nuevo en unos segundos.', undefined, 5);

// Sessions and sign-in
export const staffUnauthenticated = () =>
  new HttpError(401, 'unauthenticated', 'Tu sesión terminó o no iniciaste sesión. Ingresá de nuevo.');
export const advertiserUnauthenticated = () =>
  new HttpError(401, 'unauthenticated', 'Tu sesión terminó o no ingresaste. Ingresá de nuevo.');
export const staffInvalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Credenciales incorrectas');
export const advertiserInvalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Email o contraseña incorrectos.');
export const staffSignInLocked = () =>
  new HttpError(
    429,
    'login_locked',
    `Demasiados intentos fallidos. Esperá ${WINDOW_MS / 60_000} minutos o contactá al administrador principal.`,
  );
export const advertiserSignInLocked = () =>
  new HttpError(429, 'login_locked', `Demasiados intentos fallidos. Esperá ${WINDOW_MS / 60_000} minutos o restablecé tu contraseña.`);
export const signInSlowed = (seconds: number) =>
  new HttpError(429, 'login_slowed', `Hay demasiados intentos de ingreso a esta cuenta. Esperá ${seconds} segundos y volvé a intentar.`);
// The second step (decision 069)
export const stepExpired = () =>
  new HttpError(401, 'step_expired', `Pasaron más de 10 minutos o el ingreso ya terminó. Volvé a ingresar tu contraseña.`);
export const wrongCode = () =>
  new HttpError(
    401,
    'wrong_code',
    'El código no es correcto. Revisá que la hora de tu teléfono esté bien, o usá un código de recuperación.',
    'code',
  );
export const tooManyWrongCodes = () =>
  new HttpError(429, 'too_many_codes', 'Demasiados códigos incorrectos. Volvé a ingresar tu contraseña.');
export const passkeyRefused = () =>
  new HttpError(401, 'passkey_refused', 'No pudimos comprobar la passkey. Probá de nuevo o usá otro método.');
export const emailNotConfirmed = () =>
  new HttpError(403, 'email_not_confirmed', 'Confirmá tu email con el enlace que te enviamos antes de ingresar.');
export const invalidLink = (expired: boolean) =>
  expired
    ? new HttpError(410, 'link_expired', 'El enlace venció. Pedí uno nuevo.')
    : new HttpError(400, 'link_invalid', 'El enlace no es válido o ya se usó. Pedí uno nuevo.');
/** A mail-preferences link that was altered, cut short or names a deleted account (core/mail-preferences/preferences-link.ts). */
export const invalidPreferencesLink = () =>
  new HttpError(
    400,
    'preferences_link_invalid',
    'El enlace para elegir tus correos no es válido: puede estar incompleto o modificado. Abrí el del último correo de Velada o ingresá a tu cuenta.',
  );

// Identity verification and encrypted files
export const verificationUnavailable = () =>
  new HttpError(503, 'verification_unavailable', 'La verificación no está disponible en este momento. Probá más tarde.');
export const documentsUnreadable = () =>
  new HttpError(503, 'verification_unavailable', 'Los documentos no se pueden leer: falta la clave de identidad.');
export const receiptsUnreadable = () =>
  new HttpError(503, 'receipts_unavailable', 'Los comprobantes no se pueden leer: falta la clave de identidad.');
export const receiptsUnavailable = () =>
  new HttpError(503, 'receipts_unavailable', 'Por ahora no se pueden adjuntar comprobantes. Probá más tarde.');

// Ads and photos
export const invalidImage = (message: string, field?: string) => new HttpError(400, 'invalid_image', message, field);
/** A photo of an ad staff removed (docs/decisions/043): refused to everyone, its former owner too. */
export const removedAdPhoto = () =>
  new HttpError(400, 'removed_photo', 'Esta foto pertenece a un anuncio dado de baja por moderación y no se puede volver a usar.', 'photo');
export const imagesBusy = () =>
  new HttpError(503, 'images_busy', 'Estamos procesando muchas imágenes en este momento. Probá de nuevo en unos segundos.', undefined, 5);

// Plans and payments
export const paymentNotFound = () => notFound('payment_not_found', 'El pago no existe o no es tuyo.');
export const receiptNotFound = () => notFound('receipt_not_found', 'Ese pago no tiene comprobante.');
export const paymentNotPending = (field?: 'receipt') =>
  new HttpError(
    409,
    'not_pending',
    field ? 'Ese pago ya no está pendiente: no hace falta el comprobante.' : 'Ese pago ya no está pendiente.',
    field,
  );
export const adNotPublished = () =>
  new HttpError(
    409,
    'ad_not_published',
    'Solo se puede destacar un anuncio publicado: si está pausado, reanudalo; si está en revisión, esperá a que lo aprobemos.',
    'adId',
  );
export const higherPlanActive = (planName: string, until: string) =>
  new HttpError(409, 'higher_plan_active', `Este anuncio ya tiene el plan ${planName} hasta el ${until}.`, 'plan');
export const otherPaymentPending = (reference: string, planName: string | null) =>
  new HttpError(
    409,
    'payment_pending',
    `Este anuncio ya tiene un pago pendiente${planName ? ` del plan ${planName}` : ''} (referencia ${reference}). Pagalo o cancelalo desde Mi cuenta antes de elegir otro plan.`,
    'plan',
  );
export const quoteExpired = () =>
  new HttpError(
    409,
    'quote_expired',
    'El precio que viste ya no vale (pasaron más de 24 horas). Recargá la página para ver el precio actual.',
  );
export const invalidQuote = () =>
  new HttpError(400, 'invalid_quote', 'No pudimos confirmar el precio que viste. Recargá la página y volvé a intentar.');
export const paymentMethodUnavailable = (message: string, field?: string) => new HttpError(400, 'method_unavailable', message, field);
export const noActiveBankAccount = () =>
  new HttpError(
    409,
    'no_active_bank_account',
    'Por ahora no podemos recibir transferencias. Probá más tarde o escribinos desde Contacto.',
    'method',
  );
export const mercadoPagoUnavailable = () =>
  new HttpError(
    502,
    'mercadopago_unavailable',
    'MercadoPago no respondió. Probá de nuevo en unos minutos o pagá por transferencia.',
    'method',
  );
/** A 503 makes MercadoPago deliver a notification again later. */
export const mercadoPagoLookupFailed = (reason: string) =>
  new HttpError(503, 'mercadopago_unavailable', `MercadoPago no respondió: ${reason}`);
export const invalidNotification = () => new HttpError(400, 'invalid_notification', 'Notificación sin identificador.');
export const badNotificationSignature = (stale: boolean) =>
  new HttpError(401, stale ? 'stale_notification' : 'invalid_signature', 'Firma de la notificación inválida o vencida.');
export const invalidReceipt = (message: string) => new HttpError(400, 'invalid_receipt', message, 'receipt');

// Analytics
export const analyticsUnavailable = () =>
  new HttpError(503, 'analytics_unavailable', 'No pudimos registrar la visita en este momento.', undefined, 5);
export const analyticsRefused = () => new HttpError(422, 'analytics_refused', 'No pudimos registrar este evento.');

// The advertiser's own ads and the public ones
/** Another advertiser's ad answers exactly like one that does not exist. */
export const ownAdNotFound = () => notFound('ad_not_found', 'El anuncio no existe o no es tuyo.');
export const publicAdNotFound = () => notFound('ad_not_found', 'El aviso no existe o no está publicado.');
/** Too many pages asked for at once by one source (api/render-slots.ts). */
export const tooManyPages = () =>
  new HttpError(429, 'too_many_requests', 'Pediste muchas páginas a la vez. Probá de nuevo en unos segundos.', undefined, 2);

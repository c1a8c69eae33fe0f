// How each refusal of the core (core/refusals.ts) reads over HTTP: its status, the stable code programs read and the
// message people read. The error middleware (api/middleware/errors.ts) answers a Refusal with it.
import type { Refusal, RefusalDetail, RefusalReason } from '#core/refusals.ts';
import { RENEW_WINDOW_DAYS } from '#core/own-ads/renewal.ts';
import { MAX_ANSWERS } from '#core/own-ads/ad-review.ts';
import { DAILY_AVAILABLE_WINDOWS } from '#shared/available-now.ts';
import { MAX_CHECK_IN_EXTENSIONS } from '#shared/check-in.ts';
import { CANCELLATION_LINK_HOURS, REVOCATION_DAYS } from '#shared/consumer-law.ts';
import { RECENT_SIGN_IN_MINUTES } from '#shared/contracts/second-step.ts';
import { HttpError } from './errors.ts';

type Answer = [status: 400 | 403 | 404 | 409, code: string, message: string | ((detail: RefusalDetail) => string), field?: string];

/** The refusals an advertiser meets on their own account, ads, payments and safety tools. */
const ADVERTISER_ANSWERS = {
  own_ad_missing: [404, 'ad_not_found', 'El anuncio no existe o no es tuyo.'],
  ad_locked: [
    409,
    'ad_locked',
    'Este anuncio está retenido por una denuncia o fue dado de baja por el equipo de Velada: no se puede modificar mientras tanto.',
  ],
  ad_held: [
    409,
    'ad_held',
    'Este anuncio está retenido por una denuncia y lo está revisando el equipo de Velada: no se puede eliminar hasta que termine la revisión.',
  ],
  identity_not_verified: [409, 'not_verified', 'Verificá tu identidad antes de publicar: solo publican personas adultas verificadas.'],
  ad_already_submitted: [409, 'already_submitted', 'Este anuncio ya fue enviado a revisión.'],
  ad_expired_while_paused: [409, 'expired', 'El anuncio venció mientras estaba pausado: renovalo para volver a publicarlo.'],
  pause_not_allowed: [409, 'not_allowed', 'Solo se puede pausar un anuncio publicado.'],
  resume_not_allowed: [409, 'not_allowed', 'Solo se puede reanudar un anuncio pausado.'],
  renew_not_allowed: [
    409,
    'not_allowed',
    `Este anuncio todavía no se puede renovar: los avisos gratuitos se renuevan en sus últimos ${RENEW_WINDOW_DAYS} días o ya vencidos, con la identidad verificada.`,
  ],
  photo_missing: [404, 'photo_not_found', 'La foto no existe o no es de este anuncio.'],
  photo_order_invalid: [400, 'invalid_order', 'El orden tiene que incluir cada foto del anuncio una vez.'],
  photos_full: [409, 'too_many_photos', ({ limit }) => `Tu plan permite hasta ${limit} fotos por anuncio.`, 'photo'],
  photo_verification_not_allowed: [
    409,
    'not_allowed',
    'Solo se pueden verificar las fotos de un anuncio publicado, pausado o en revisión. Si es un borrador, envialo a revisión primero.',
  ],
  no_photos_to_verify: [409, 'no_photos', 'El anuncio no tiene fotos: subí al menos una antes de pedir la verificación.'],
  photo_verification_open: [409, 'already_open', 'Este anuncio ya tiene una verificación de fotos abierta: seguí con esa.'],
  no_selfie_expected: [
    409,
    'not_awaiting_selfie',
    'Este anuncio no tiene una verificación esperando la selfie: si ya la enviaste, está en revisión; si no, empezá una nueva.',
    'selfie',
  ],
  own_payment_missing: [404, 'payment_not_found', 'El pago no existe o no es tuyo.'],
  own_payment_not_pending: [409, 'not_pending', 'Ese pago ya no está pendiente.'],
  receipt_not_needed: [409, 'not_pending', 'Ese pago ya no está pendiente: no hace falta el comprobante.', 'receipt'],
  no_open_report: [409, 'no_open_report', 'No hay ninguna denuncia en revisión sobre este anuncio.'],
  answer_limit: [409, 'answer_limit', `Ya enviaste ${MAX_ANSWERS} respuestas a esta denuncia: el equipo las está leyendo.`],
  email_taken: [409, 'email_taken', 'Ya hay una cuenta con ese email. Ingresá o recuperá tu contraseña.', 'email'],
  wrong_password: [403, 'wrong_password', 'La contraseña no es correcta.', 'password'],
  verification_already_pending: [409, 'already_pending', 'Ya enviaste tu verificación: está en revisión (24 a 48 horas).'],
  already_verified: [409, 'already_verified', 'Tu identidad ya está verificada.'],
} satisfies Partial<Record<RefusalReason, Answer>>;

/** "Disponible ahora" and "Hoy no atiendo" (decision 032). */
const AVAILABILITY_ANSWERS = {
  ad_not_published: [
    409,
    'ad_not_published',
    'Solo un anuncio publicado puede estar disponible ahora: si está pausado, reanudalo; si está en revisión, esperá a que lo aprobemos.',
  ],
  already_available: [
    409,
    'already_available',
    'Este anuncio ya está disponible ahora. Si querés cambiar hasta cuándo, terminá la disponibilidad y activala de nuevo.',
  ],
  not_available_now: [409, 'not_available', 'Este anuncio no está disponible ahora: no hay nada que terminar.'],
  day_off: [409, 'day_off', 'Marcaste que hoy no atendés: deshacelo para ponerte disponible.'],
  already_day_off: [409, 'already_off', 'Ya marcaste que hoy no atendés con este anuncio.'],
  not_day_off: [409, 'not_off', 'Hoy no marcaste «Hoy no atiendo» en este anuncio: no hay nada que deshacer.'],
  daily_available_limit: [
    409,
    'daily_limit',
    `Ya activaste «Disponible ahora» ${DAILY_AVAILABLE_WINDOWS} veces hoy en este anuncio, el máximo por día. Mañana podés volver a activarlo.`,
  ],
} satisfies Partial<Record<RefusalReason, Answer>>;

/** The check-in timer (decision 041) and the safety alerts between advertisers (decision 040). */
const SAFETY_ANSWERS = {
  check_in_running: [
    409,
    'check_in_running',
    'Ya tenés un aviso de seguridad en marcha: confirmá que estás bien o cancelalo antes de empezar otro.',
  ],
  check_in_missing: [
    404,
    'no_check_in',
    'No tenés un aviso de seguridad en marcha. Si su hora ya pasó, puede que ya le hayamos escrito a tu contacto.',
  ],
  check_in_overdue: [
    409,
    'check_in_overdue',
    'La hora del aviso ya pasó: ya no se puede extender. Tocá «Estoy bien» para que no le escribamos a tu contacto.',
  ],
  check_in_extension_limit: [
    409,
    'extension_limit',
    `Ya extendiste este aviso ${MAX_CHECK_IN_EXTENSIONS} veces, el máximo. Si necesitás más tiempo, confirmá y empezá uno nuevo.`,
  ],
  number_already_reported: [
    409,
    'already_reported',
    'Ya reportaste este número y tu alerta está en revisión o aprobada: cada anunciante cuenta una vez por número. Si pasó algo nuevo, escribinos desde Contacto.',
    'phone',
  ],
} satisfies Partial<Record<RefusalReason, Answer>>;

/** The "Botón de arrepentimiento" and the "Botón de baja" (decision 068), and staff refunding. */
const CONSUMER_ANSWERS = {
  revocation_not_found: [
    404,
    'purchase_not_found',
    'No encontramos una compra con esa referencia para ese email. Revisá los dos datos: la referencia (VEL-…) está en el correo y en la página de tu pago, y el email es el de tu cuenta.',
    'reference',
  ],
  revocation_payment_cancelled: [409, 'payment_cancelled', 'Esa compra ya estaba cancelada: no se cobró nada y no hay nada que revocar.'],
  revocation_too_late: [
    409,
    'revocation_too_late',
    ({ deadline }) =>
      `Pasaron más de ${REVOCATION_DAYS} días corridos desde la compra: podías revocarla hasta el ${deadline ?? 'plazo'} inclusive. Si creés que hay un error, escribinos desde Contacto.`,
  ],
  cancellation_link_invalid: [
    404,
    'link_invalid',
    `Este enlace no es válido o ya venció (dura ${CANCELLATION_LINK_HOURS} horas). Pedí la baja de nuevo desde la página Botón de baja.`,
  ],
  revocation_missing: [404, 'revocation_not_found', 'El pedido de arrepentimiento no existe.'],
  revocation_not_pending: [409, 'not_pending', 'Ese pedido ya estaba marcado como reembolsado o no tuvo cobro.'],
} satisfies Partial<Record<RefusalReason, Answer>>;

/** Passkeys, the authenticator app and recovery codes in "Seguridad" (decision 069), for staff and advertisers. */
const SECURITY_ANSWERS = {
  recent_sign_in_needed: [
    403,
    'recent_sign_in_needed',
    `Por seguridad, volvé a ingresar a tu cuenta para hacer este cambio (vale durante ${RECENT_SIGN_IN_MINUTES} minutos desde que ingresás).`,
  ],
  last_staff_factor: [409, 'last_factor', 'Necesitás al menos una passkey o una app de autenticación para ingresar al panel.'],
  no_factor: [409, 'no_factor', 'Primero agregá una passkey o una app de autenticación.'],
  passkey_missing: [404, 'passkey_not_found', 'Esa passkey no existe o ya la quitaste.'],
  passkey_not_added: [400, 'passkey_not_added', 'No pudimos guardar la passkey. Probá de nuevo desde este dispositivo.'],
  own_second_step_reset: [409, 'own_account', 'Tu propio segundo paso se cambia en Seguridad, no desde Administradores.'],
  setup_expired: [409, 'setup_expired', 'Pasaron más de 10 minutos desde que empezaste: empezá de nuevo.'],
  wrong_code: [
    400,
    'wrong_code',
    'El código no es correcto. Revisá que la hora de tu teléfono esté bien y escribí el código que se ve ahora.',
    'code',
  ],
} satisfies Partial<Record<RefusalReason, Answer>>;

const ANSWERS: Record<RefusalReason, Answer> = {
  ...SECURITY_ANSWERS,
  ...ADVERTISER_ANSWERS,
  ...AVAILABILITY_ANSWERS,
  ...SAFETY_ANSWERS,
  ...CONSUMER_ANSWERS,
  ad_in_wrong_state: [409, 'wrong_state', 'Ese anuncio ya no está en un estado que permita esta acción.'],
  ad_missing: [404, 'ad_not_found', 'El anuncio no existe.'],
  administrator_missing: [404, 'administrator_not_found', 'El administrador no existe.'],
  advertiser_not_verified: [
    409,
    'advertiser_not_verified',
    'El anunciante todavía no tiene la identidad verificada: aprobá primero su verificación.',
  ],
  bank_account_missing: [404, 'bank_account_not_found', 'La cuenta bancaria no existe.'],
  cbu_taken: [409, 'duplicate_cbu', 'Ya hay una cuenta con ese CBU.'],
  destination_account_missing: [
    404,
    'bank_account_not_found',
    'La cuenta bancaria de destino no existe. Seleccione una cuenta bancaria de destino.',
  ],
  document_missing: [404, 'document_not_found', 'El documento no existe o ya se eliminó.'],
  flags_unread: [
    409,
    'flags_unread',
    'Este anuncio tiene indicadores de la revisión automática: leelos y confirmá que los revisaste para aprobarlo.',
  ],
  master_admin_kept: [409, 'master_admin', 'El administrador principal no se puede desactivar.'],
  message_already_answered: [409, 'already_answered', 'Ese mensaje ya estaba marcado como respondido.'],
  message_missing: [404, 'message_not_found', 'El mensaje no existe.'],
  no_active_bank_account: [
    409,
    'no_active_bank_account',
    'No hay ninguna cuenta bancaria activa. Activá una en Cuentas bancarias antes de procesar pagos.',
  ],
  open_hiding_report: [
    409,
    'open_report',
    'Hay una denuncia abierta por posible menor de edad o trata sobre este anuncio: decidila primero en Denuncias.',
  ],
  payment_already_processed: [409, 'already_processed', 'Ese pago ya fue procesado.'],
  payment_cancelled: [409, 'not_pending', 'Ese pago fue cancelado: no se puede procesar.'],
  payment_missing: [404, 'payment_not_found', 'El pago no existe.'],
  photo_request_missing: [404, 'photo_verification_not_found', 'La solicitud de verificación de fotos no existe.'],
  photo_request_not_pending: [409, 'not_pending', 'Esa solicitud ya se decidió o todavía no tiene la selfie.'],
  photos_changed_in_review: [
    409,
    'photos_changed',
    'Las fotos del anuncio cambiaron mientras lo revisabas (se agregó o se borró una). Volvé a abrir la solicitud.',
  ],
  preserved_report_missing: [404, 'not_preserved', 'Esa denuncia no existe o no está preservada.'],
  receipt_missing: [404, 'receipt_not_found', 'Ese pago no tiene comprobante.'],
  report_already_decided: [409, 'already_decided', 'Esa denuncia ya fue resuelta o desestimada.'],
  report_already_preserved: [409, 'already_preserved', 'Esa denuncia ya está preservada.'],
  report_missing: [404, 'report_not_found', 'La denuncia no existe.'],
  report_not_preserved: [409, 'not_preserved', 'Esa denuncia no está preservada.'],
  safety_alert_already_decided: [409, 'not_allowed', 'Esa alerta ya no está en revisión: ya fue aprobada o rechazada.'],
  safety_alert_missing: [404, 'safety_alert_not_found', 'La alerta no existe o ya venció.'],
  safety_alert_not_approved: [409, 'not_allowed', 'Solo se puede retirar una alerta aprobada.'],
  selfie_missing: [404, 'selfie_not_found', 'La selfie no existe o ya se eliminó.'],
  staff_alert_missing: [404, 'staff_alert_not_found', 'La alerta no existe o ya fue vista.'],
  subscriber_missing: [404, 'subscriber_not_found', 'El suscriptor no existe.'],
  username_taken: [409, 'duplicate_username', 'Ya existe un administrador con ese usuario.'],
  verification_not_pending: [409, 'not_pending', 'Ese suscriptor no tiene una verificación pendiente.'],
};

export function answerTo(refusal: Refusal): HttpError {
  const [status, code, message, field] = ANSWERS[refusal.reason];
  return new HttpError(status, code, typeof message === 'string' ? message : message(refusal.detail), field);
}

// How each refusal of the core (core/refusals.ts) reads over HTTP: its status, the stable code programs read and the
// message people read. The error middleware (api/middleware/errors.ts) answers a Refusal with it.
import type { Refusal, RefusalReason } from '#core/refusals.ts';
import { HttpError } from './errors.ts';

const ANSWERS: Record<RefusalReason, [status: 404 | 409, code: string, message: string]> = {
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
    'No hay ninguna cuenta bancaria activa. Activá una en Cuentas Bancarias antes de procesar pagos.',
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
  const [status, code, message] = ANSWERS[refusal.reason];
  return new HttpError(status, code, message);
}

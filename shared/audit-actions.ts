// What the audit log records (db/queries/admin/audit-log.ts) and how the panel's Registro de actividad names it:
// every action and kind of target written has its label here, so that no row shows a raw name.
export const AUDIT_ACTION_LABELS = {
  login_succeeded: 'Ingreso',
  login_failed: 'Ingreso fallido',
  login_locked: 'Ingreso bloqueado',
  login_slowed: 'Ingreso demorado',
  logout: 'Cierre de sesión',
  forbidden: 'Acceso denegado',
  alert_seen: 'Alerta marcada como vista',
  subscriber_verified: 'Verificación aprobada',
  subscriber_rejected: 'Verificación rechazada',
  identity_document_viewed: 'Documento de identidad visto',
  identity_documents_deleted: 'Documentos de identidad borrados',
  payment_processed: 'Pago procesado',
  payment_receipt_viewed: 'Comprobante de pago visto',
  revocation_refunded: 'Arrepentimiento reembolsado',
  bank_account_added: 'Cuenta agregada',
  bank_account_activated: 'Cuenta activada',
  settings_saved: 'Configuración guardada',
  administrator_created: 'Administrador creado',
  administrator_disabled: 'Administrador desactivado',
  administrator_enabled: 'Administrador activado',
  administrator_password_reset: 'Contraseña restablecida',
  photo_selfie_viewed: 'Selfie de fotos reales vista',
  photo_selfie_deleted: 'Selfie de fotos reales borrada',
  photo_verification_decided: 'Verificación de fotos cerrada',
  ad_approved: 'Anuncio aprobado',
  ad_rejected: 'Anuncio rechazado',
  ad_removed: 'Anuncio dado de baja',
  report_resolved: 'Denuncia resuelta',
  report_dismissed: 'Denuncia desestimada',
  report_preserved: 'Denuncia preservada para las autoridades',
  report_preservation_released: 'Preservación liberada',
  report_preservation_downloaded: 'Preservación descargada',
  safety_alerts_searched: 'Alertas de seguridad buscadas por número',
  safety_alert_approved: 'Alerta de seguridad aprobada',
  safety_alert_rejected: 'Alerta de seguridad rechazada',
  safety_alert_withdrawn: 'Alerta de seguridad retirada',
  message_answered: 'Mensaje respondido',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const AUDIT_TARGET_LABELS = {
  advertiser: 'Suscriptor',
  payment: 'Pago',
  revocation_request: 'Arrepentimiento',
  bank_account: 'Cuenta',
  admin_user: 'Administrador',
  ad: 'Anuncio',
  identity_document: 'Documento',
  photo_verification: 'Verificación de fotos',
  report: 'Denuncia',
  contact_message: 'Mensaje',
  safety_alert: 'Alerta de seguridad',
  staff_alert: 'Alerta del panel',
} as const;
export type AuditTarget = keyof typeof AUDIT_TARGET_LABELS;

export const auditActionLabel = (action: string): string => (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
export const auditTargetLabel = (target: string): string => (AUDIT_TARGET_LABELS as Record<string, string>)[target] ?? target;

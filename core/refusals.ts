// Why the core refuses a command or a read: a reason of this list, thrown as a Refusal. The core says why; the API
// says how that reads (api/refusal-answers.ts: the status, the stable code and the Spanish message of each reason),
// and its error middleware answers any Refusal a route lets through. A new reason is added here and there (the
// compiler asks for its answer).
export const REFUSAL_REASONS = [
  'ad_already_submitted',
  'ad_expired_while_paused',
  'ad_held',
  'ad_in_wrong_state',
  'ad_locked',
  'ad_missing',
  'ad_not_published',
  'administrator_missing',
  'advertiser_not_verified',
  'already_available',
  'already_day_off',
  'already_verified',
  'answer_limit',
  'bank_account_missing',
  'cancellation_link_invalid',
  'cbu_taken',
  'check_in_extension_limit',
  'check_in_missing',
  'check_in_overdue',
  'check_in_running',
  'daily_available_limit',
  'day_off',
  'destination_account_missing',
  'document_missing',
  'email_taken',
  'flags_unread',
  'identity_not_verified',
  'master_admin_kept',
  'message_already_answered',
  'message_missing',
  'no_active_bank_account',
  'no_open_report',
  'no_photos_to_verify',
  'no_selfie_expected',
  'last_staff_factor',
  'no_factor',
  'not_available_now',
  'not_day_off',
  'number_already_reported',
  'open_hiding_report',
  'own_ad_missing',
  'own_second_step_reset',
  'own_payment_missing',
  'own_payment_not_pending',
  'passkey_missing',
  'passkey_not_added',
  'pause_not_allowed',
  'payment_already_processed',
  'payment_cancelled',
  'payment_missing',
  'photo_missing',
  'photo_order_invalid',
  'photo_request_missing',
  'photo_request_not_pending',
  'photo_verification_not_allowed',
  'photo_verification_open',
  'photos_changed_in_review',
  'photos_full',
  'preserved_report_missing',
  'recent_sign_in_needed',
  'receipt_missing',
  'receipt_not_needed',
  'renew_not_allowed',
  'report_already_decided',
  'report_already_preserved',
  'report_missing',
  'report_not_preserved',
  'resume_not_allowed',
  'revocation_missing',
  'revocation_not_found',
  'revocation_not_pending',
  'revocation_payment_cancelled',
  'revocation_too_late',
  'safety_alert_already_decided',
  'safety_alert_missing',
  'safety_alert_not_approved',
  'selfie_missing',
  'setup_expired',
  'staff_alert_missing',
  'subscriber_missing',
  'username_taken',
  'verification_already_pending',
  'wrong_code',
  'verification_not_pending',
  'wrong_password',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** What a refusal's message needs to say beyond its reason: the limit reached (photos of a plan). */
export interface RefusalDetail {
  limit?: number;
  /** The last moment something was allowed (a revocation's deadline), as the user reads it. */
  deadline?: string;
}

export class Refusal extends Error {
  readonly reason: RefusalReason;
  readonly detail: RefusalDetail;
  constructor(reason: RefusalReason, detail: RefusalDetail = {}) {
    super(`Refused: ${reason}`);
    this.reason = reason;
    this.detail = detail;
  }
}

export const refuse = (reason: RefusalReason, detail?: RefusalDetail) => new Refusal(reason, detail);

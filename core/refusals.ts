// Why the core refuses a command or a read: a reason of this list, thrown as a Refusal. The core says why; the API
// says how that reads (api/refusal-answers.ts: the status, the stable code and the Spanish message of each reason),
// and its error middleware answers any Refusal a route lets through. A new reason is added here and there (the
// compiler asks for its answer).
export const REFUSAL_REASONS = [
  'ad_in_wrong_state',
  'ad_missing',
  'administrator_missing',
  'advertiser_not_verified',
  'bank_account_missing',
  'cbu_taken',
  'destination_account_missing',
  'document_missing',
  'flags_unread',
  'master_admin_kept',
  'message_already_answered',
  'message_missing',
  'no_active_bank_account',
  'open_hiding_report',
  'payment_already_processed',
  'payment_cancelled',
  'payment_missing',
  'photo_request_missing',
  'photo_request_not_pending',
  'photos_changed_in_review',
  'preserved_report_missing',
  'receipt_missing',
  'report_already_decided',
  'report_already_preserved',
  'report_missing',
  'report_not_preserved',
  'safety_alert_already_decided',
  'safety_alert_missing',
  'safety_alert_not_approved',
  'selfie_missing',
  'staff_alert_missing',
  'subscriber_missing',
  'username_taken',
  'verification_not_pending',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export class Refusal extends Error {
  readonly reason: RefusalReason;
  constructor(reason: RefusalReason) {
    super(`Refused: ${reason}`);
    this.reason = reason;
  }
}

export const refuse = (reason: RefusalReason) => new Refusal(reason);

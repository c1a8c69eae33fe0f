// The entity models (docs/decisions/019-models.md). Queries pass their connection or transaction to
// Model.query(db); no model is bound to a global Knex, so tests and processes keep their own connections.
// Relations between models are declared here, where every model is loaded: a model file imports no other model (no
// import cycle), so code outside this folder imports models from this file only (scripts/import-cycles.test.ts).
import { BaseModel } from '#db/models/base-model.ts';
import { Ad, AdPhoto, AdRate } from '#db/models/ad.ts';
import { Administrator } from '#db/models/administrator.ts';
import { Advertiser, AdvertiserToken } from '#db/models/advertiser.ts';
import { BankAccount, Payment } from '#db/models/payment.ts';
import { IdentityDocument, VerificationRequest } from '#db/models/verification-request.ts';

export {
  BaseModel,
  Ad,
  AdPhoto,
  AdRate,
  Administrator,
  Advertiser,
  AdvertiserToken,
  BankAccount,
  Payment,
  IdentityDocument,
  VerificationRequest,
};
import { AuditEntry } from '#db/models/audit-entry.ts';
import { Report, ReportAnswer } from '#db/models/report.ts';
import { AdvertiserSession, StaffSession } from '#db/models/session.ts';
import { PhotoVerificationCheck, PhotoVerificationRequest } from '#db/models/photo-verification.ts';

import { CheckIn } from '#db/models/check-in.ts';
import { SafetyAlert } from '#db/models/safety-alert.ts';

export {
  AuditEntry,
  Report,
  ReportAnswer,
  AdvertiserSession,
  StaffSession,
  PhotoVerificationCheck,
  PhotoVerificationRequest,
  CheckIn,
  SafetyAlert,
};
export { AvailabilityWindow } from '#db/models/availability-window.ts';
export { ContactMessage } from '#db/models/contact-message.ts';
export { MailOptOut } from '#db/models/mail-opt-out.ts';
export { PushSubscription } from '#db/models/push-subscription.ts';
export { Setting } from '#db/models/setting.ts';
export { KnownDevice, Passkey, RecoveryCode, SignInStep, TotpFactor, type OwnerKind } from '#db/models/second-step.ts';
export type { Session } from '#db/models/session.ts';
export type { AdSnapshot, HoldWithheld, PreservedCopy } from '#db/models/report.ts';

Ad.relationMappings = () => ({
  advertiser: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: Advertiser,
    join: { from: 'ads.advertiser_id', to: 'advertisers.id' },
  },
  photos: { relation: BaseModel.HasManyRelation, modelClass: AdPhoto, join: { from: 'ads.id', to: 'ad_images.ad_id' } },
  rates: { relation: BaseModel.HasManyRelation, modelClass: AdRate, join: { from: 'ads.id', to: 'ad_rates.ad_id' } },
  payments: { relation: BaseModel.HasManyRelation, modelClass: Payment, join: { from: 'ads.id', to: 'payments.ad_id' } },
});

AdPhoto.relationMappings = () => ({
  ad: { relation: BaseModel.BelongsToOneRelation, modelClass: Ad, join: { from: 'ad_images.ad_id', to: 'ads.id' } },
});

Advertiser.relationMappings = () => ({
  ads: { relation: BaseModel.HasManyRelation, modelClass: Ad, join: { from: 'advertisers.id', to: 'ads.advertiser_id' } },
  verificationRequests: {
    relation: BaseModel.HasManyRelation,
    modelClass: VerificationRequest,
    join: { from: 'advertisers.id', to: 'verification_requests.advertiser_id' },
  },
});

Payment.relationMappings = () => ({
  ad: { relation: BaseModel.BelongsToOneRelation, modelClass: Ad, join: { from: 'payments.ad_id', to: 'ads.id' } },
  advertiser: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: Advertiser,
    join: { from: 'payments.advertiser_id', to: 'advertisers.id' },
  },
  bankAccount: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: BankAccount,
    join: { from: 'payments.bank_account_id', to: 'bank_accounts.id' },
  },
  processor: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: Administrator,
    join: { from: 'payments.processed_by', to: 'admin_users.id' },
  },
});

VerificationRequest.relationMappings = () => ({
  advertiser: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: Advertiser,
    join: { from: 'verification_requests.advertiser_id', to: 'advertisers.id' },
  },
  documents: {
    relation: BaseModel.HasManyRelation,
    modelClass: IdentityDocument,
    join: { from: 'verification_requests.id', to: 'identity_documents.request_id' },
  },
});

StaffSession.relationMappings = () => ({
  owner: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: Administrator,
    join: { from: 'admin_sessions.admin_user_id', to: 'admin_users.id' },
  },
});

AdvertiserSession.relationMappings = () => ({
  owner: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: Advertiser,
    join: { from: 'advertiser_sessions.advertiser_id', to: 'advertisers.id' },
  },
});

AuditEntry.relationMappings = () => ({
  administrator: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: Administrator,
    join: { from: 'audit_log.admin_user_id', to: 'admin_users.id' },
  },
});

Report.relationMappings = () => ({
  ad: { relation: BaseModel.BelongsToOneRelation, modelClass: Ad, join: { from: 'reports.ad_id', to: 'ads.id' } },
  answers: {
    relation: BaseModel.HasManyRelation,
    modelClass: ReportAnswer,
    join: { from: 'reports.id', to: 'report_answers.report_id' },
  },
});

ReportAnswer.relationMappings = () => ({
  report: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: Report,
    join: { from: 'report_answers.report_id', to: 'reports.id' },
  },
});

CheckIn.relationMappings = () => ({
  advertiser: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: Advertiser,
    join: { from: 'check_ins.advertiser_id', to: 'advertisers.id' },
  },
});

SafetyAlert.relationMappings = () => ({
  reporter: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: Advertiser,
    join: { from: 'safety_alerts.reporter_id', to: 'advertisers.id' },
  },
});

PhotoVerificationRequest.relationMappings = () => ({
  ad: { relation: BaseModel.BelongsToOneRelation, modelClass: Ad, join: { from: 'photo_verification_requests.ad_id', to: 'ads.id' } },
  checks: {
    relation: BaseModel.HasManyRelation,
    modelClass: PhotoVerificationCheck,
    join: { from: 'photo_verification_requests.id', to: 'photo_verification_checks.request_id' },
  },
});

PhotoVerificationCheck.relationMappings = () => ({
  photo: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: AdPhoto,
    join: { from: 'photo_verification_checks.ad_image_id', to: 'ad_images.id' },
  },
});

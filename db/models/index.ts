// The entity models (docs/decisions/019-models.md). Queries pass their connection or transaction to
// Model.query(db); no model is bound to a global Knex, so tests and processes keep their own connections.
export { BaseModel } from '#db/models/base-model.ts';
export { Ad, AdPhoto, AdRate } from '#db/models/ad.ts';
export { Administrator } from '#db/models/administrator.ts';
export { Advertiser, AdvertiserToken } from '#db/models/advertiser.ts';
export { AvailabilityWindow } from '#db/models/availability-window.ts';
export { AuditEntry } from '#db/models/audit-entry.ts';
export { ContactMessage } from '#db/models/contact-message.ts';
export { MailOptOut } from '#db/models/mail-opt-out.ts';
export { BankAccount, Payment } from '#db/models/payment.ts';
export { Report } from '#db/models/report.ts';
export { AdvertiserSession, StaffSession } from '#db/models/session.ts';
export { Setting } from '#db/models/setting.ts';
export { IdentityDocument, VerificationRequest } from '#db/models/verification-request.ts';
export { PhotoVerificationCheck, PhotoVerificationRequest } from '#db/models/photo-verification.ts';

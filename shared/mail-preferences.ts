// Which mail about their ads an advertiser may turn off (docs/decisions/035-advertiser-mail.md), as the preferences
// page offers them and the server checks them. What is not listed here is always sent: account and security
// mail, payments, and the notices that an ad was refused, taken down or hidden by a report (each asks for action).
export const OPTIONAL_MAIL_KINDS = [
  {
    value: 'ad_published',
    label: 'Anuncio publicado',
    hint: 'Cuando el equipo de Velada aprueba tu anuncio y queda en línea.',
  },
  {
    value: 'ad_expiry',
    label: 'Vencimiento de tu anuncio',
    hint: 'Unos días antes de que venza tu anuncio o su distintivo «Fotos reales», y el día que vence tu anuncio.',
  },
] as const;
export type OptionalMailKind = (typeof OPTIONAL_MAIL_KINDS)[number]['value'];
export const OPTIONAL_MAIL_KIND_VALUES = OPTIONAL_MAIL_KINDS.map((k) => k.value) as [OptionalMailKind, ...OptionalMailKind[]];

export const isOptionalMailKind = (value: unknown): value is OptionalMailKind => OPTIONAL_MAIL_KINDS.some((k) => k.value === value);

export const optionalMailLabel = (kind: OptionalMailKind): string => OPTIONAL_MAIL_KINDS.find((k) => k.value === kind)!.label;

/** The mail about ads that always goes out, as the preferences page explains it. */
export const ESSENTIAL_AD_MAILS = [
  'Anuncio rechazado o dado de baja por el equipo, con el motivo: para que puedas corregirlo.',
  'Anuncio oculto por una denuncia mientras lo revisamos: para que sepas por qué no se ve y cómo responder.',
  'Anuncio visible de nuevo porque la denuncia no se confirmó.',
  'Resultado de la verificación de tus fotos: si tu anuncio muestra «Fotos reales» y, si no, qué cambiar.',
] as const;

/** On or off for each optional kind. */
export type MailPreferences = Record<OptionalMailKind, boolean>;

/** What /api/mail-preferences and /api/advertiser/mail-preferences answer: the preferences as they now are. */
export interface MailPreferencesView {
  preferences: MailPreferences;
}

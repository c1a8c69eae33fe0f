// Mail as the core sends it: a message, and the port that sends it (api/services/mail.ts: SMTP, or the outbox folder
// without SMTP_URL). Mail never undoes what happened: callers log a failure with mailFailure() and go on.

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra header lines, e.g. List-Unsubscribe on optional mail (core/mail-preferences/mail-footer.ts). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** A mail failure as logs may show it: the transport's error code and SMTP reply code, never its text (it can name the address). */
export function mailFailure(err: unknown): string {
  const { code, responseCode } = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  return [typeof code === 'string' ? code : 'error', typeof responseCode === 'number' ? responseCode : null].filter(Boolean).join(' ');
}

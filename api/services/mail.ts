// Outgoing mail. With SMTP_URL the messages go through that server (nodemailer); without it they are written to
// DATA_DIR/outbox/ as .eml files (0600, in a 0700 folder), so a fresh `npm start` can still confirm accounts and
// reset passwords by opening the file. The console line names the file only: links carry tokens, and logs are
// read by more people than mailboxes. NODE_ENV=production requires SMTP_URL (api/config.ts).
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Mail, Mailer } from '#core/mail/mail.ts';

export const OUTBOX_DIR = 'outbox';

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; log?: (line: string) => void }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return { send: async (mail) => void (await transport.sendMail({ from: options.from, ...mail })) };
  }
  const outbox = path.join(options.dataDir, OUTBOX_DIR);
  const log = options.log ?? ((line: string) => console.log(line));
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      fs.mkdirSync(outbox, { recursive: true, mode: 0o700 });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(3).toString('hex')}.eml`);
      fs.writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      log(`Mail written to ${path.relative(process.cwd(), file)} (no SMTP_URL): open it to follow its link.`);
    },
  };
}

/** For tests: keeps every message in memory. */
export class MemoryMailer implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail): Promise<void> {
    this.sent.push(mail);
  }
  /** The first link of the last message sent to `to`. */
  lastLinkTo(to: string): string | undefined {
    const mail = this.sent.findLast((m) => m.to === to);
    return mail?.text.match(/https?:\/\/\S+/)?.[0];
  }
  /** Every message sent to `to`, oldest first. */
  sentTo(to: string): Mail[] {
    return this.sent.filter((m) => m.to === to);
  }
}

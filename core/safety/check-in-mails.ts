// The check-in timer's two mails to the trusted contact (docs/decisions/041-check-in.md): a short notice when the
// timer starts, so the contact knows who named them and what to expect, and the alert when it was not checked in
// on time, with the message the advertiser chose to share. Nothing else about the advertiser: no account, no ad,
// no e-mail address. Subjects stay neutral (mail is read on shared screens).
import type { Mail } from '#core/mail/mail.ts';
import { TIME_ZONE } from '#shared/availability.ts';

const when = new Intl.DateTimeFormat('es-AR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
});

/** 'el martes 24 de noviembre a las 21:30 (hora de Buenos Aires)'. */
export function dueText(dueAt: Date): string {
  const parts = Object.fromEntries(when.formatToParts(dueAt).map((p) => [p.type, p.value]));
  return `el ${parts.weekday} ${parts.day} de ${parts.month} a las ${parts.hour}:${parts.minute} (hora de Buenos Aires)`;
}

/** One Message-ID per timer and mail: a resend after a crash is the same message, which mail systems recognise. */
export function checkInMessageId(kind: 'start' | 'alert', id: number, startedAt: Date, siteOrigin: string): string {
  return `<check-in-${kind}-${id}-${startedAt.getTime()}@${new URL(siteOrigin).hostname}>`;
}

export function checkInStartedMail(to: string, timer: { shownName: string; dueAt: Date; messageId: string }): Mail {
  return {
    to,
    subject: `${timer.shownName} te eligió como contacto de confianza`,
    headers: { 'Message-ID': timer.messageId },
    text:
      `Hola:\n\n${timer.shownName} te eligió como contacto de confianza y activó un aviso de seguridad en Velada. ` +
      `Tiene tiempo hasta ${dueText(timer.dueAt)} para confirmar que está bien.\n\n` +
      'Si confirma a tiempo, no vas a recibir nada más. Si no lo hace, te vamos a escribir con el mensaje que dejó para vos.\n\n' +
      'No tenés que hacer nada ahora. Si no conocés a esta persona, podés ignorar este correo: no guardamos tu dirección después de que el aviso termina.' +
      '\n\nEquipo de Velada',
  };
}

export function checkInAlertMail(to: string, timer: { shownName: string; message: string; dueAt: Date; messageId: string }): Mail {
  return {
    to,
    subject: `${timer.shownName} no confirmó que está bien`,
    headers: { 'Message-ID': timer.messageId },
    text:
      `Hola:\n\n${timer.shownName} te eligió como contacto de confianza y no confirmó que está bien antes de ${dueText(timer.dueAt)}, como había quedado.\n\n` +
      `Este es el mensaje que dejó para vos:\n\n${timer.message}\n\n` +
      'Puede ser un olvido, pero te recomendamos intentar comunicarte con esta persona. Si creés que está en peligro, llamá al 911. ' +
      'Para situaciones de trata o explotación, la Línea 145 atiende gratis y las 24 horas.' +
      '\n\nEste es el único correo que vas a recibir: no guardamos el mensaje ni tu dirección.\n\nEquipo de Velada',
  };
}

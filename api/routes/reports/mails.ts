// The notice an advertiser gets when a report hides one of their ads: what happens next, what kind of concern the
// report raised (in neutral words: mail is read on shared screens) and how to add to the review; never who
// reported it or what they wrote.
import type { Mail } from '#api/services/mail.ts';
import type { ReportReason } from '#shared/report-reasons.ts';

const CONCERN: Record<ReportReason, string> = {
  posible_menor: 'dudas sobre la edad de la persona que aparece en el anuncio',
  posible_trata: 'dudas sobre si el anuncio se publica por decisión propia',
  estafa: 'una posible estafa',
  fotos_falsas: 'fotos que podrían no ser reales',
  otro: 'otro motivo',
};

export function adHeldMail(
  to: string,
  ad: { id: number; title: string; fullName: string; reason: ReportReason; link: string; contactLink: string },
): Mail {
  return {
    to,
    subject: 'Tu anuncio quedó oculto mientras lo revisamos',
    text:
      `Hola ${ad.fullName}:\n\nRecibimos una denuncia sobre tu anuncio «${ad.title}» (código ${ad.id}). Por precaución lo ocultamos hasta que el equipo de Velada lo revise. ` +
      `La denuncia plantea ${CONCERN[ad.reason]}.\n\n` +
      'Mientras tanto no se puede editar ni eliminar, y el tiempo de tu plan queda en pausa: si la denuncia no se confirma, el anuncio vuelve a publicarse con el tiempo que le quedaba.' +
      `\n\nEl estado del anuncio está en tu cuenta:\n\n${ad.link}\n\n` +
      `Si querés aportar algo a la revisión, escribinos desde el formulario de contacto indicando el código del anuncio:\n\n${ad.contactLink}` +
      '\n\nEquipo de Velada',
  };
}

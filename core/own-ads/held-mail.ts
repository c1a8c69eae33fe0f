// The notice an advertiser gets when a report hides one of their ads: what happens next, what kind of concern the
// report raised (in neutral words: mail is read on shared screens) and where to answer it (the ad's review page in
// /mi-cuenta, which staff read with the report); never who reported it or what they wrote. And its counterpart, when
// staff dismiss the report and the ad is visible again.
import type { Mail } from '#core/mail/mail.ts';
import { REPORT_CONCERNS, type ReportReason } from '#shared/report-reasons.ts';

export function adHeldMail(
  to: string,
  ad: { id: number; title: string; fullName: string; reason: ReportReason; link: string; answerLink: string },
): Mail {
  return {
    to,
    subject: 'Tu anuncio quedó oculto mientras lo revisamos',
    text:
      `Hola ${ad.fullName}:\n\nRecibimos una denuncia sobre tu anuncio «${ad.title}» (código ${ad.id}). Por precaución lo ocultamos hasta que el equipo de Velada lo revise. ` +
      `La denuncia plantea ${REPORT_CONCERNS[ad.reason]}.\n\n` +
      'Mientras tanto no se puede editar ni eliminar, y el tiempo de tu plan queda en pausa: si la denuncia no se confirma, el anuncio vuelve a publicarse con el tiempo que le quedaba.' +
      `\n\nPodés ver el estado de la revisión y responder a la denuncia desde tu cuenta; el equipo lee tu respuesta junto con ella:\n\n${ad.answerLink}` +
      `\n\nTodos tus anuncios están en ${ad.link}` +
      '\n\nEquipo de Velada',
  };
}

/** Staff dismissed the report that hid the ad, and no other keeps it hidden: it is published again. */
export function adReleasedMail(to: string, ad: { id: number; title: string; fullName: string; link: string }): Mail {
  return {
    to,
    subject: 'Tu anuncio se ve de nuevo',
    text:
      `Hola ${ad.fullName}:\n\nRevisamos la denuncia sobre tu anuncio «${ad.title}» (código ${ad.id}) y no encontramos motivos para mantenerlo oculto. ` +
      'Ya se ve de nuevo en Velada, con el tiempo de tu plan que le quedaba cuando lo ocultamos.' +
      `\n\nPodés verlo y administrarlo desde tu cuenta:\n\n${ad.link}` +
      '\n\nEquipo de Velada',
  };
}

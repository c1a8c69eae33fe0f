// The notice an advertiser gets when a report hides one of their ads. It says what happens next, and nothing
// about who reported it or why.
import type { Mail } from '#api/services/mail.ts';

export function adHeldMail(to: string, ad: { id: number; title: string }): Mail {
  return {
    to,
    subject: 'Tu anuncio quedó oculto mientras lo revisamos',
    text:
      `Hola:\n\nRecibimos una denuncia sobre tu anuncio «${ad.title}» (código ${ad.id}). Por precaución lo ocultamos hasta que el equipo de Velada lo revise. ` +
      'Mientras tanto no se puede editar ni eliminar, y el tiempo de tu plan queda en pausa: si la denuncia no se confirma, el anuncio vuelve a publicarse con el tiempo que le quedaba.' +
      '\n\nEquipo de Velada',
  };
}

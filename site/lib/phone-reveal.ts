// The ad page's phone box (and, on a phone, its contact bar): the number is revealed on request (it never appears in the page's HTML), as a call
// link and a WhatsApp link the API builds from the stored international form; each reveal is an analytics event.
// The API counts every reveal and every WhatsApp opened for the ad's statistics, so opening WhatsApp after the number
// was shown asks again (the answer is not needed). Its words come in the page's language from the box's markup.
import { trackEvent } from '#site/lib/analytics/client.ts';
import { callApi } from '#site/lib/api-client.ts';
import type { AdPhoneView } from '#shared/contracts/public/ad-page.ts';

export function setUpPhoneReveal(): void {
  document.querySelectorAll<HTMLElement>('[data-phone-reveal]').forEach((box) => {
    const result = box.querySelector<HTMLElement>('[data-phone-result]')!;
    const texts = box.dataset;
    let contact: AdPhoneView | null = null;
    const url = `/api/ads/${box.dataset.adId}/phone`;
    const countWhatsApp = () => void callApi('POST', url, { via: 'whatsapp' }).catch(() => {});
    async function reveal(kind: 'phone' | 'whatsapp') {
      if (contact && kind === 'whatsapp') countWhatsApp();
      if (!contact) {
        result.textContent = texts.loading ?? '';
        try {
          // The number in the local form, with links the API builds from the stored international form.
          contact = await callApi<AdPhoneView>('POST', url, {
            via: kind === 'whatsapp' ? 'whatsapp' : 'telefono',
          });
          trackEvent('phone_reveal', { adId: Number(box.dataset.adId), via: kind });
        } catch {
          result.textContent = texts.failed ?? '';
          return;
        }
      }
      result.replaceChildren();
      const tel = document.createElement('a');
      tel.href = contact.tel;
      tel.textContent = contact.phone;
      const wa = document.createElement('a');
      wa.href = contact.whatsapp;
      wa.rel = 'noopener noreferrer';
      wa.target = '_blank';
      wa.textContent = texts.openWhatsapp ?? '';
      wa.addEventListener('click', countWhatsApp);
      result.append(`${texts.phone} `, tel, ' · ', wa);
      if (kind === 'whatsapp') window.open(wa.href, '_blank', 'noopener');
    }
    box.querySelector('[data-reveal="phone"]')?.addEventListener('click', () => reveal('phone'));
    box.querySelector('[data-reveal="whatsapp"]')?.addEventListener('click', () => reveal('whatsapp'));
    // The phone's bar (always in reach on a phone) asks the same; the number shows in the contact box, brought into view.
    const bar = document.querySelector('[data-contact-bar]');
    // WhatsApp too: where the browser blocks the window opened after the answer, the box's link (or its error) is in view.
    for (const kind of ['phone', 'whatsapp'] as const) {
      bar?.querySelector(`[data-reveal="${kind}"]`)?.addEventListener('click', () => {
        void reveal(kind);
        result.scrollIntoView({ block: 'center', behavior: 'smooth' });
      });
    }
  });
}

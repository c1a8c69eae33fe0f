// The behaviour of "Avisame de nuevos avisos" on /buscar: the search is the page's current query string (the filters
// island keeps the address in step), permission is asked on the click, and every outcome is said in words.
import { ApiError } from './api-client.ts';
import { pushSupport, subscribeToSearch, SUPPORT_MESSAGES } from './search-alerts.ts';
import { earnInstallOffer } from './install-offer.ts';

export function setUpSearchAlertButton(): void {
  const box = document.querySelector<HTMLElement>('[data-search-alert]');
  const button = box?.querySelector<HTMLButtonElement>('[data-search-alert-button]');
  const status = box?.querySelector<HTMLElement>('[data-search-alert-status]');
  if (!box || !button || !status) return;
  const say = (text: string, tone: 'ok' | 'info' = 'info') => {
    status.textContent = text;
    status.dataset.tone = tone;
  };
  const support = pushSupport();
  if (support === 'needs-install' || support === 'unsupported') {
    button.hidden = true;
    say(SUPPORT_MESSAGES[support]);
    return;
  }
  button.addEventListener('click', async () => {
    button.disabled = true;
    say('Activando los avisos…');
    try {
      await subscribeToSearch(location.search.replace(/^\?/, ''));
      say(
        'Listo: te avisamos cuando haya avisos nuevos en esta búsqueda (como mucho una vez por día). Podés dejar de recibirlos desde Favoritos.',
        'ok',
      );
      earnInstallOffer();
    } catch (error) {
      say(error instanceof ApiError || error instanceof Error ? error.message : 'No pudimos activar los avisos. Probá de nuevo.');
    } finally {
      button.disabled = false;
    }
  });
}

// The behaviour of "Avisame de nuevos avisos" on /buscar: the search is the page's current query string (the filters
// island keeps the address in step), permission is asked on the click, and every outcome is said in words.
import { ApiError } from './api-client.ts';
import { subscribeToSearch } from './search-alerts.ts';
import { earnInstallOffer } from './install-offer.ts';

// A browser that cannot take alerts (or needs the installed app) is told so on the click, like any other outcome: a
// standing message would push the results down on every search.
export function setUpSearchAlertButton(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-search-alert-button]');
  const status = document.querySelector<HTMLElement>('[data-search-alert-status]');
  if (!button || !status) return;
  const say = (text: string, tone: 'ok' | 'info' = 'info') => {
    status.textContent = text;
    status.dataset.tone = tone;
  };
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

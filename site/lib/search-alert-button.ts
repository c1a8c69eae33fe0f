// The behaviour of "Avisame de nuevos avisos" on search (/buscar, /pt/busca, /en/search): the search is the page's
// current query string (the filters island keeps the address in step), permission is asked on the click, the alert
// notifies in the page's language, and every outcome is said in words, in that language (the `searchAlerts` part).
import { alertFailureText, subscribeToSearch } from './search-alerts.ts';
import { earnInstallOffer } from './install-offer.ts';
import { pageLocale } from './page-locale.ts';
import { searchAlerts } from '#shared/i18n/messages/search-alerts.ts';

// A browser that cannot take alerts (or needs the installed app) is told so on the click, like any other outcome: a
// standing message would push the results down on every search.
export function setUpSearchAlertButton(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-search-alert-button]');
  const status = document.querySelector<HTMLElement>('[data-search-alert-status]');
  if (!button || !status) return;
  const locale = pageLocale();
  const texts = searchAlerts[locale];
  const say = (text: string, tone: 'ok' | 'info' = 'info') => {
    status.textContent = text;
    status.dataset.tone = tone;
  };
  button.addEventListener('click', async () => {
    button.disabled = true;
    say(texts.activating);
    try {
      await subscribeToSearch(location.search.replace(/^\?/, ''), locale);
      say(texts.done, 'ok');
      earnInstallOffer();
    } catch (error) {
      say(alertFailureText(error, locale));
    } finally {
      button.disabled = false;
    }
  });
}

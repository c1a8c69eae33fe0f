// The cookie banner and its "Preferencias de cookies" dialog (site/components/site-overlays.astro). Analytics start
// only after a choice that allows them (site/stores/consent.ts).
import { $consent, $preferences, $preferencesDialogOpen, acceptAll, rejectAll, saveCustom } from '#site/stores/consent.ts';
import { $ageVerified } from '#site/stores/age-gate.ts';
import { bindDialog, shownWhen } from './shown-when.ts';

/** `ageGate`: the page has the 18+ gate, so the banner waits for its answer. */
export function mountCookieConsent(root: HTMLElement, ageGate: boolean): void {
  const banner = root.querySelector('[data-cookie-banner]')!;
  const dialog = root.querySelector<HTMLDialogElement>('[data-cookie-dialog]')!;
  const box = (name: string) => dialog.querySelector<HTMLInputElement>(`[data-pref="${name}"]`)!;

  banner.querySelector('[data-cookie-customize]')!.addEventListener('click', () => $preferencesDialogOpen.set(true));
  banner.querySelector('[data-cookie-reject]')!.addEventListener('click', rejectAll);
  banner.querySelector('[data-cookie-accept]')!.addEventListener('click', acceptAll);
  dialog.querySelector('[data-cookie-save]')!.addEventListener('click', () => {
    saveCustom({ analytics: box('analytics').checked, marketing: box('marketing').checked });
    $preferencesDialogOpen.set(false);
  });

  const showBanner = shownWhen(banner);
  const render = () => showBanner($consent.get() === null && (!ageGate || $ageVerified.get() === true));
  $consent.subscribe(render);
  $ageVerified.subscribe(render);
  // Each opening starts from the choice currently stored.
  bindDialog(dialog, $preferencesDialogOpen, () => {
    const stored = $preferences.get();
    box('analytics').checked = stored.analytics;
    box('marketing').checked = stored.marketing;
  });
}

// "Descargá la app" (site/components/site-overlays.astro): opened 1.5 s after the visitor's cookie choice (once per
// device) or from the home's 'Descargar App' button. Offers the browser's install dialog when there is one, else
// instructions for this kind of phone. Also the install prompt, shown once per session when the browser offers
// installation, and on iOS (no offer) a toast that explains the share button.
import { $consent } from '#site/stores/consent.ts';
import {
  $appDialogOpen,
  $installOffer,
  $installPromptVisible,
  APP_DOWNLOAD_DELAY_MS,
  IOS_TOAST_MS,
  claimIosInstructions,
  isIos,
  isStandalone,
  promptInstall,
} from '#site/stores/install.ts';
import { showToast } from '#site/stores/toasts.ts';
import { readLocal, writeLocal } from '#site/lib/storage.ts';
import { bindDialog, shownWhen } from './shown-when.ts';

export function mountAppDownload(root: HTMLElement): void {
  const dialog = root.querySelector<HTMLDialogElement>('[data-app-dialog]')!;
  const install = dialog.querySelector('[data-app-install]')!;
  install.addEventListener('click', () => {
    $appDialogOpen.set(false);
    void promptInstall();
  });
  bindDialog(dialog, $appDialogOpen);
  // Taken out of the page until they apply (shownWhen): the instructions without an offer, the button with one.
  const showIosSteps = shownWhen(dialog.querySelector('[data-install-steps="ios"]')!);
  const showOtherSteps = shownWhen(dialog.querySelector('[data-install-steps="other"]')!);
  const showInstall = shownWhen(install);
  $installOffer.subscribe((offer) => {
    showIosSteps(!offer && isIos());
    showOtherSteps(!offer && !isIos());
    showInstall(offer !== null);
  });

  // Only a choice made on this page opens it, not one stored from an earlier visit.
  if ($consent.get() !== null) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  $consent.listen((consent) => {
    clearTimeout(timer);
    if (consent === null || readLocal('appDownloadPrompted') === 'true' || isStandalone()) return;
    timer = setTimeout(() => {
      writeLocal('appDownloadPrompted', 'true');
      $appDialogOpen.set(true);
    }, APP_DOWNLOAD_DELAY_MS);
  });
}

export function mountInstallPrompt(root: HTMLElement): void {
  const prompt = root.querySelector('[data-install-prompt]')!;
  prompt.querySelector('[data-install-later]')!.addEventListener('click', () => $installPromptVisible.set(false));
  prompt.querySelector('[data-install-now]')!.addEventListener('click', () => void promptInstall());
  const show = shownWhen(prompt);
  const render = () => show($installPromptVisible.get() && $installOffer.get() !== null);
  $installPromptVisible.subscribe(render);
  $installOffer.subscribe(render);
  // The browser's offer is listened for by the layout's script from the page's start (listenForInstallOffer).
  if (claimIosInstructions())
    showToast({
      title: 'Instalá Velada en tu iPhone',
      description: 'Tocá el botón Compartir y elegí «Agregar a inicio».',
      durationMs: IOS_TOAST_MS,
    });
}

// "Descargá la app" (site/components/site-overlays.astro), opened from the home's 'Descargar App' button: the
// browser's install dialog when there is one, else the steps for this kind of phone. And the install offer, made
// only when site/lib/install-offer.ts says so: never on a first visit or on a computer.
import {
  countSession,
  dismissInstallOffer,
  installOfferOf,
  isHandheld,
  noteOfferShown,
  OFFER_EARNED,
  storedOfferFacts,
  type InstallOfferKind,
} from '#site/lib/install-offer.ts';
import { $appDialogOpen, $installOffer, isIos, isStandalone, promptInstall } from '#site/stores/install.ts';
import { $consent } from '#site/stores/consent.ts';
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
}

/**
 * The install offer: looked at once the page is past the age gate and the cookie choice is made, and again when the
 * browser offers installation or a save earns it.
 */
export function mountInstallOffer(root: HTMLElement): void {
  const offer = root.querySelector<HTMLElement>('[data-install-prompt]')!;
  const install = offer.querySelector('[data-install-now]')!;
  const show = shownWhen(offer);
  const showButton = shownWhen(install);
  const showSteps = shownWhen(offer.querySelector('[data-install-ios-steps]')!);
  let shown: InstallOfferKind | null = null;
  const hide = () => {
    shown = null;
    show(false);
  };
  offer.querySelector('[data-install-later]')!.addEventListener('click', () => {
    dismissInstallOffer();
    hide();
  });
  install.addEventListener('click', () => {
    hide();
    void promptInstall();
  });

  countSession();
  const consider = () => {
    if (shown) {
      // The browser took its offer back (installed meanwhile): the button would do nothing.
      if (shown === 'button' && !$installOffer.get()) hide();
      return;
    }
    // One thing at a time: the cookie choice first.
    if ($consent.get() === null) return;
    const kind = installOfferOf({
      installed: isStandalone(),
      handheld: isHandheld(),
      ios: isIos(),
      browserOffer: $installOffer.get() !== null,
      ...storedOfferFacts(),
    });
    if (!kind) return;
    shown = kind;
    noteOfferShown();
    showButton(kind === 'button');
    showSteps(kind === 'ios-steps');
    show(true);
  };
  $installOffer.subscribe(consider);
  $consent.listen(consider);
  document.addEventListener(OFFER_EARNED, consider);
}

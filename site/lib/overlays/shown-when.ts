// How the overlays show: a part that is in the page only while it shows, and a <dialog> that follows a store.
import type { WritableAtom } from 'nanostores';

/**
 * A part of an overlay that is in the page only while it shows (as the banner was never in the page before its time):
 * taken out at once, put back in its place, after a marker, when `show(true)`.
 */
export function shownWhen(node: Element): (show: boolean) => void {
  const marker = document.createComment('');
  node.replaceWith(marker);
  return (show) => {
    if (show && !node.isConnected) marker.after(node);
    if (!show && node.isConnected) node.remove();
  };
}

/**
 * A <dialog> shown as a modal while `open` holds true (focus trap, Escape and backdrop come from the browser): its
 * [data-dialog-cancel] button and its own closing (Escape) set it false again. `beforeOpen` runs as it opens.
 */
export function bindDialog(dialog: HTMLDialogElement, open: WritableAtom<boolean>, beforeOpen?: () => void): void {
  const close = () => open.set(false);
  dialog.querySelector('[data-dialog-cancel]')!.addEventListener('click', close);
  dialog.addEventListener('close', close);
  open.subscribe((isOpen) => {
    if (isOpen && !dialog.open) {
      beforeOpen?.();
      dialog.showModal();
    }
    if (!isOpen && dialog.open) dialog.close();
  });
}

// A part of an overlay that is in the page only while it shows (as the banner was never in the page before its
// time): taken out at once, put back in its place, after a marker, when `show(true)`.
export function shownWhen(node: Element): (show: boolean) => void {
  const marker = document.createComment('');
  node.replaceWith(marker);
  return (show) => {
    if (show && !node.isConnected) marker.after(node);
    if (!show && node.isConnected) node.remove();
  };
}

/** Opens or closes a <dialog> as a modal (focus trap, Escape and backdrop come from the browser). */
export function setDialogOpen(dialog: HTMLDialogElement, open: boolean): void {
  if (open && !dialog.open) dialog.showModal();
  if (!open && dialog.open) dialog.close();
}

// A native <dialog> shown as a modal while `open` is true: focus trap, Escape and backdrop come from the browser.
import { useEffect, useRef, type ReactNode } from 'react';

export default function ModalDialog(props: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog ref={ref} className={props.className ?? 'dialog'} aria-labelledby={props.labelledBy} onClose={props.onClose}>
      {props.open && props.children}
    </dialog>
  );
}

// A modal dialog of the panel on the native <dialog>: focus moves in and is kept inside, Escape closes it, focus
// goes back to the control that opened it.
import { useEffect, useRef, type ReactNode } from 'react';

export default function PanelDialog(props: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog ref={ref} className="panel-dialog card" aria-labelledby="panel-dialog-title" onClose={props.onClose}>
      {props.open && (
        <>
          <h2 id="panel-dialog-title">{props.title}</h2>
          {props.children}
        </>
      )}
    </dialog>
  );
}

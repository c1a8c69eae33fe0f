// A modal dialog of the panel: the site's ModalDialog (native <dialog>: focus kept inside, Escape closes, focus
// returns to the opener) with the panel's look and a title. Several may sit in one section: each title has its own id.
import { useId, type ReactNode } from 'react';
import ModalDialog from '#site/islands/overlays/modal-dialog.tsx';

export default function PanelDialog(props: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  return (
    <ModalDialog open={props.open} onClose={props.onClose} labelledBy={titleId} className="panel-dialog card">
      <h2 id={titleId}>{props.title}</h2>
      {props.children}
    </ModalDialog>
  );
}

// The two buttons under a panel dialog's form: what it does (off while it is being done) and 'Cancelar'.
import type { ReactNode } from 'react';

export default function DialogFormActions(props: { submit: ReactNode; busy: boolean; onCancel: () => void }) {
  return (
    <div className="panel__form-actions">
      <button type="submit" className="btn btn-primary" disabled={props.busy}>
        {props.submit}
      </button>
      <button type="button" className="btn btn-outline" onClick={props.onCancel}>
        Cancelar
      </button>
    </div>
  );
}

// 'Eliminar mi cuenta' (ARCO): asks for the password, then deletes the account, its ads, photos and documents.
import { useState, type FormEvent } from 'react';
import { ApiError, accountCall } from '#site/lib/api-client.ts';
import FieldError, { errorProps } from '#site/islands/forms/field-error.tsx';

export default function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await accountCall('delete-account', { password });
      window.location.assign('/?cuenta=eliminada');
    } catch (err) {
      setError(err instanceof ApiError ? err.detail : 'No se pudo eliminar la cuenta.');
      document.getElementById('delete-password')?.focus();
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
        Eliminar mi cuenta
      </button>
    );
  }
  return (
    <form onSubmit={submit} className="account-form form-alert" noValidate>
      <p>
        <strong>Vas a eliminar tu cuenta, tus anuncios, sus fotos y tus documentos.</strong> No se puede deshacer. Los comprobantes de pagos
        se conservan por ley, sin tus datos.
      </p>
      <div className="field">
        <label htmlFor="delete-password">Tu contraseña, para confirmar</label>
        <input
          id="delete-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          {...errorProps('delete-password', error)}
        />
        <FieldError id="delete-password-error" message={error} />
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Eliminando…' : 'Eliminar definitivamente'}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => setOpen(false)}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

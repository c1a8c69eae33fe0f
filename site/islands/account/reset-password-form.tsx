// The new password, from a mailed reset link (the page checked the link before showing this).
import { useState, type FormEvent } from 'react';
import { ApiError, accountCall } from '#site/lib/api-client.ts';
import FieldError, { errorProps } from './field-error.tsx';

export default function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string; form?: string }>({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found: typeof errors = {};
    if (password.length < 8) found.password = 'La contraseña debe tener al menos 8 caracteres.';
    else if (password !== repeat) found.repeat = 'Las contraseñas no coinciden.';
    setErrors(found);
    if (found.password || found.repeat) {
      document.getElementById(found.password ? 'reset-password' : 'reset-repeat')?.focus();
      return;
    }
    setBusy(true);
    try {
      await accountCall('reset-password', { token, password });
      setDone(true);
    } catch (err) {
      const error = err instanceof ApiError ? err : new ApiError(0, undefined);
      setErrors(error.field === 'password' ? { password: error.detail } : { form: error.message });
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="form-success" role="status">
        <p>Listo: tu contraseña cambió y cerramos las sesiones abiertas.</p>
        <a className="btn btn-primary" href="/ingresar">
          Ingresar
        </a>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="account-form" noValidate>
      {errors.form && (
        <p className="form-alert" role="alert">
          {errors.form} <a href="/recuperar-clave">Pedir un enlace nuevo</a>
        </p>
      )}
      <div className="field">
        <label htmlFor="reset-password">Contraseña nueva</label>
        <input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          maxLength={128}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          {...errorProps('reset-password', errors.password)}
        />
        <FieldError id="reset-password-error" message={errors.password} />
      </div>
      <div className="field">
        <label htmlFor="reset-repeat">Repetí la contraseña</label>
        <input
          id="reset-repeat"
          type="password"
          autoComplete="new-password"
          maxLength={128}
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          {...errorProps('reset-repeat', errors.repeat)}
        />
        <FieldError id="reset-repeat-error" message={errors.repeat} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Guardando…' : 'Guardar la contraseña'}
      </button>
    </form>
  );
}

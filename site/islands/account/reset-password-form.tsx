// The new password, from a mailed reset link (the page checked the link before showing this).
import { useState, type FormEvent } from 'react';
import { accountCall } from '#site/lib/api-client.ts';
import { useFormSubmit } from '#site/islands/forms/use-form-submit.ts';
import FieldError, { errorProps } from '#site/islands/forms/field-error.tsx';

export default function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [done, setDone] = useState(false);
  const form = useFormSubmit('reset', { fields: ['password'] });
  const { errors, busy } = form;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const tooShort = password.length < 8;
    const valid = form.check({
      password: tooShort ? 'La contraseña debe tener al menos 8 caracteres.' : undefined,
      repeat: !tooShort && password !== repeat ? 'Las contraseñas no coinciden.' : undefined,
    });
    if (!valid) return;
    void form.submit(async () => {
      await accountCall('reset-password', { token, password });
      setDone(true);
    });
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
      {form.problem && (
        <p className="form-alert" role="alert">
          {form.problem} <a href="/recuperar-clave">Pedir un enlace nuevo</a>
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

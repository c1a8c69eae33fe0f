// The staff login of the seed: username and password (show/hide), 'Acceder al Panel', a client-side count of
// failures (warning from 3, form disabled at 5 until reload) on top of the server's own lock and throttling.
// After the password, the second step (a passkey, an app code or a recovery code), or setting up a first factor
// (decision 069); the panel opens after that.
import { useState, type FormEvent } from 'react';
import { showToast } from '#site/stores/toasts.ts';
import { ApiError, postData, serverMessage } from '#site/lib/admin-api.ts';
import type { SignInNext } from '#shared/contracts/second-step.ts';
import SecondStepForm from '#site/islands/second-step/second-step-form.tsx';
import FactorSetup from '#site/islands/second-step/factor-setup.tsx';

export const MAX_ATTEMPTS = 5;
const WARN_FROM = 3;
const BLOCKED = 'Acceso bloqueado: Demasiados intentos fallidos. Contacte al administrador principal.';

function signedIn() {
  showToast({ title: 'Acceso exitoso', description: 'Bienvenido al panel de administración', variant: 'success' });
  window.location.assign('/admin/dashboard');
}

/** The step after a right password: the second step, or setting up a factor; `onClose` goes back to the password. */
function AfterPassword({ step, onClose }: { step: Exclude<SignInNext, { next: 'done' }>; onClose: () => void }) {
  /** Chosen, or because the step is over (too many codes, or 10 minutes): then with the server's reason. */
  function onBack(reason?: string) {
    if (reason) showToast({ title: 'No se completó el ingreso', description: reason, variant: 'error' });
    onClose();
    setTimeout(() => document.getElementById('admin-password')?.focus(), 0);
  }
  return (
    <div className="admin-login card">
      {step.next === 'second-step' ? (
        <SecondStepForm base="/api/admin" methods={step.methods} headingLevel={1} onDone={signedIn} onBack={onBack} />
      ) : (
        <FactorSetup onDone={signedIn} onBack={onBack} />
      )}
    </div>
  );
}

export default function AdminLogin() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [failures, setFailures] = useState(0);
  const [busy, setBusy] = useState(false);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [step, setStep] = useState<Exclude<SignInNext, { next: 'done' }> | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || blocked || !username.trim() || !password) return;
    setBusy(true);
    try {
      const answer = await postData<SignInNext | null>('login', { username: username.trim(), password });
      if (answer?.next !== 'second-step' && answer?.next !== 'setup') return signedIn();
      setBusy(false);
      setPassword('');
      setStep(answer);
    } catch (err) {
      setBusy(false);
      const error = err instanceof ApiError ? err : new ApiError(0, undefined);
      if (error.status === 0) {
        showToast({ title: 'Error de conexión', description: 'No se pudo conectar con el servidor', variant: 'error' });
        return;
      }
      refused(error);
    }
  }

  function refused(error: ApiError) {
    if (error.status === 401) {
      const count = failures + 1;
      setFailures(count);
      setPassword('');
      if (count >= MAX_ATTEMPTS) {
        setBlocked(BLOCKED);
        showToast({
          title: 'Acceso bloqueado',
          description: 'Demasiados intentos fallidos. Contacte al administrador principal.',
          variant: 'error',
        });
      } else {
        showToast({ title: 'Credenciales incorrectas', description: `Intento ${count} de ${MAX_ATTEMPTS}`, variant: 'error' });
      }
    } else if (error.status === 429) {
      // The server locked the username (its fifth failure, from any browser) or this address: the seed's blocked
      // state, with the server's reason (how long) in the toast.
      setFailures(MAX_ATTEMPTS);
      setPassword('');
      setBlocked(BLOCKED);
      showToast({ title: 'Acceso bloqueado', description: serverMessage(error), variant: 'error' });
    } else {
      showToast({ title: 'No se pudo iniciar sesión', description: serverMessage(error) ?? `Error ${error.status}`, variant: 'error' });
    }
  }

  if (step) return <AfterPassword step={step} onClose={() => setStep(null)} />;
  return (
    <form className="admin-login card" onSubmit={submit} noValidate={false} aria-describedby={blocked ? 'login-blocked' : undefined}>
      <h1>Panel de administración</h1>
      <p className="admin-login__lead">Ingresá con tu usuario de Velada.</p>
      <LoginAlert blocked={blocked} failures={failures} />
      <fieldset disabled={Boolean(blocked)} className="admin-login__fields">
        <div className="field">
          <label htmlFor="admin-username">Usuario</label>
          <input
            id="admin-username"
            name="username"
            autoComplete="username"
            required
            maxLength={64}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </div>
        <PasswordField password={password} onChange={setPassword} />
        <button type="submit" className="btn btn-primary admin-login__submit" disabled={busy}>
          {busy ? 'Verificando…' : 'Acceder al Panel'}
        </button>
      </fieldset>
    </form>
  );
}

/** The seed's warning from the third failure, and the blocked state. */
function LoginAlert({ blocked, failures }: { blocked: string | null; failures: number }) {
  const remaining = MAX_ATTEMPTS - failures;
  return blocked ? (
    <p id="login-blocked" className="admin-login__alert admin-login__alert--blocked" role="alert">
      {blocked}
    </p>
  ) : (
    failures >= WARN_FROM && (
      <p className="admin-login__alert" role="alert">
        Atención: {remaining === 1 ? 'te queda 1 intento' : `te quedan ${remaining} intentos`} antes de que se bloquee el acceso.
      </p>
    )
  );
}

/** The password, shown or hidden with the button beside it. */
function PasswordField({ password, onChange }: { password: string; onChange: (password: string) => void }) {
  const [showPassword, setShowPassword] = useState(false);
  return (
    <div className="field">
      <label htmlFor="admin-password">Contraseña</label>
      <div className="admin-login__password">
        <input
          id="admin-password"
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          required
          maxLength={128}
          value={password}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-outline admin-login__toggle"
          aria-pressed={showPassword}
          aria-controls="admin-password"
          onClick={() => setShowPassword((v) => !v)}
        >
          {showPassword ? 'Ocultar' : 'Mostrar'}
          <span className="visually-hidden"> contraseña</span>
        </button>
      </div>
    </div>
  );
}

// "Ingresá o creá tu cuenta": sign-in and registration for advertisers, one form at a time. Errors from the
// server appear next to their field, or above the form when they concern it as a whole. A sign-in may ask for a
// second step after the password (decision 069), or be made with a passkey alone.
import { useState, type FormEvent } from 'react';
import { ApiError, accountCall } from '#site/lib/api-client.ts';
import type { SecondStepMethods, SignInNext } from '#shared/contracts/second-step.ts';
import SecondStepForm from '#site/islands/second-step/second-step-form.tsx';
import PasskeySignInButton from '#site/islands/second-step/passkey-sign-in-button.tsx';
import { safeReturnPath } from '#shared/return-path.ts';
import FieldError, { errorProps } from '#site/islands/forms/field-error.tsx';
import FormField from '#site/islands/forms/form-field.tsx';
import { useFormSubmit } from '#site/islands/forms/use-form-submit.ts';

type Mode = 'login' | 'register';

const DEFAULT_NEXT = '/mi-cuenta';

/**
 * `next`: where signing in leads. The confirmation mail carries it too (`volver`), so that an advertiser who registers
 * from the publish flow comes back to it after confirming the email and signing in.
 */
export default function AccountAccess(props: { next?: string; initialMode?: Mode }) {
  const [mode, setMode] = useState<Mode>(props.initialMode ?? 'login');
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  // The second step of a sign-in is on screen: switching to the registration would leave it half done.
  const [stepping, setStepping] = useState(false);
  const next = safeReturnPath(props.next, DEFAULT_NEXT);
  // Only a destination other than the account itself goes into the mail.
  const volver = next === DEFAULT_NEXT ? undefined : next;

  if (registeredEmail) return <CheckYourMail email={registeredEmail} volver={volver} />;
  return (
    <div className="account-access card">
      <h1>{mode === 'login' ? 'Ingresá a tu cuenta' : 'Creá tu cuenta de anunciante'}</h1>
      {mode === 'login' ? (
        <LoginForm next={next} volver={volver} onStep={setStepping} />
      ) : (
        <RegisterForm volver={volver} onRegistered={setRegisteredEmail} />
      )}
      <p className="account-access__switch" hidden={stepping}>
        {mode === 'login' ? '¿Todavía no tenés cuenta?' : '¿Ya tenés cuenta?'}{' '}
        <button type="button" className="link-button" onClick={() => setMode(mode === 'login' ? 'register' : 'login')}>
          {mode === 'login' ? 'Creá una' : 'Ingresá'}
        </button>
      </p>
    </div>
  );
}

function PasswordInput(props: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: string;
  error?: string;
  describedBy?: string;
}) {
  const [shown, setShown] = useState(false);
  const described = [props.describedBy, props.error ? `${props.id}-error` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <span className="password-input">
      <input
        id={props.id}
        type={shown ? 'text' : 'password'}
        autoComplete={props.autoComplete}
        maxLength={128}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described}
      />
      <button type="button" className="btn btn-outline" aria-pressed={shown} aria-controls={props.id} onClick={() => setShown((s) => !s)}>
        {shown ? 'Ocultar' : 'Mostrar'}
        <span className="visually-hidden"> contraseña</span>
      </button>
    </span>
  );
}

/** What went wrong above the sign-in form: the server's refusal (its code says which), or the passkey's. */
type LoginProblem = Pick<ApiError, 'message' | 'code'>;

function LoginForm({ next, volver, onStep }: { next: string; volver?: string; onStep: (stepping: boolean) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<LoginProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);
  const [methods, setMethods] = useState<SecondStepMethods | null>(null);
  const signedIn = () => window.location.assign(next);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    setResent(false);
    try {
      const answer = await accountCall<SignInNext | null>('login', { email, password });
      if (answer?.next !== 'second-step') return signedIn();
      setPassword('');
      setBusy(false);
      setMethods(answer.methods);
      onStep(true);
    } catch (err) {
      setProblem(err instanceof ApiError ? err : new ApiError(0, undefined));
      setBusy(false);
    }
  }

  /** Back from the second step: chosen, or because it is over (its reason shown above the form). */
  function back(reason?: string) {
    setMethods(null);
    onStep(false);
    setProblem(reason ? { message: reason, code: 'step_over' } : null);
    setTimeout(() => document.getElementById('login-password')?.focus(), 0);
  }

  async function resend() {
    try {
      await accountCall('resend-confirmation', { email, volver });
      setResent(true);
    } catch (err) {
      setProblem(err instanceof ApiError ? err : new ApiError(0, undefined));
    }
  }

  if (methods) return <SecondStepForm base="/api/advertiser" methods={methods} headingLevel={2} onDone={signedIn} onBack={back} />;
  return (
    <form onSubmit={submit} className="account-form" noValidate>
      {problem && <LoginAlert problem={problem} resent={resent} onResend={() => void resend()} />}
      <div className="field">
        <label htmlFor="login-email">Email</label>
        <input
          id="login-email"
          type="email"
          autoComplete="username webauthn"
          maxLength={254}
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="login-password">Contraseña</label>
        <PasswordInput id="login-password" value={password} onChange={setPassword} autoComplete="current-password" />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Ingresando…' : 'Ingresar'}
      </button>
      <PasskeySignInButton onDone={signedIn} onProblem={(message) => setProblem(message ? { message, code: 'passkey' } : null)} />
      <p>
        <a href="/recuperar-clave">¿Olvidaste tu contraseña?</a>
      </p>
    </form>
  );
}

/** The refusal above the sign-in form; an unconfirmed email can ask for the mail again. */
function LoginAlert({ problem, resent, onResend }: { problem: LoginProblem; resent: boolean; onResend: () => void }) {
  return (
    <div className="form-alert" role="alert">
      <p>{problem.message}</p>
      {problem.code === 'email_not_confirmed' &&
        (resent ? (
          <p>Te enviamos otro correo. Revisá también la carpeta de spam.</p>
        ) : (
          <button type="button" className="btn btn-outline" onClick={onResend}>
            Reenviar el correo de confirmación
          </button>
        ))}
    </div>
  );
}

function RegisterForm({ volver, onRegistered }: { volver?: string; onRegistered: (email: string) => void }) {
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [acceptsTerms, setAcceptsTerms] = useState(false);
  const form = useFormSubmit('register', { fields: ['fullName', 'email', 'password', 'acceptsTerms'] });
  const { errors } = form;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    const valid = form.check({
      fullName: fullName.trim().length < 3 ? 'Escribí tu nombre y apellido.' : undefined,
      email: /^\S+@\S+\.\S+$/.test(email.trim()) ? undefined : 'Ingresá un email válido, como nombre@ejemplo.com.',
      password: password.length < 8 ? 'La contraseña debe tener al menos 8 caracteres.' : undefined,
      acceptsTerms: acceptsTerms ? undefined : 'Para crear la cuenta tenés que ser mayor de 18 años y aceptar los términos.',
    });
    if (!valid) return;
    void form.submit(async () => {
      const answer = await accountCall<{ email: string }>('register', { fullName, email, password, acceptsTerms, volver });
      onRegistered(answer.email);
    });
  }

  return (
    <form onSubmit={submit} className="account-form" noValidate>
      {form.problem && (
        <p className="form-alert" role="alert">
          {form.problem}
        </p>
      )}
      <FormField id="register-fullName" label="Nombre y apellido" error={errors.fullName}>
        <input autoComplete="name" maxLength={120} value={fullName} onChange={(e) => setFullName(e.target.value)} />
      </FormField>
      <FormField id="register-email" label="Email" error={errors.email}>
        <input type="email" autoComplete="email" maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} />
      </FormField>
      <div className="field">
        <label htmlFor="register-password">Contraseña</label>
        <PasswordInput
          id="register-password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          error={errors.password}
          describedBy="register-password-hint"
        />
        <p id="register-password-hint" className="form-hint">
          Al menos 8 caracteres.
        </p>
        <FieldError id="register-password-error" message={errors.password} />
      </div>
      <div className="field">
        <label className="check">
          <input
            id="register-acceptsTerms"
            type="checkbox"
            checked={acceptsTerms}
            onChange={(e) => setAcceptsTerms(e.target.checked)}
            {...errorProps('register-acceptsTerms', errors.acceptsTerms)}
          />
          <span>
            Tengo 18 años o más y acepto los <a href="/terminos-condiciones">Términos y condiciones</a> y la{' '}
            <a href="/politicas-privacidad">Política de privacidad</a>.
          </span>
        </label>
        <FieldError id="register-acceptsTerms-error" message={errors.acceptsTerms} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={form.busy}>
        {form.busy ? 'Creando la cuenta…' : 'Crear cuenta'}
      </button>
    </form>
  );
}

function CheckYourMail({ email, volver }: { email: string; volver?: string }) {
  const [resent, setResent] = useState<string | null>(null);
  async function resend() {
    try {
      await accountCall('resend-confirmation', { email, volver });
      setResent('Te enviamos otro correo. Revisá también la carpeta de spam.');
    } catch (err) {
      setResent(err instanceof ApiError ? err.message : 'No pudimos reenviar el correo.');
    }
  }
  return (
    <div className="account-access card" role="status">
      <h1>Revisá tu correo</h1>
      <p>
        Te enviamos un enlace a <strong>{email}</strong>. Abrilo para confirmar tu cuenta: vale 48 horas. Después vas a poder ingresar y
        publicar.
      </p>
      {resent ? (
        <p>{resent}</p>
      ) : (
        <button type="button" className="btn btn-outline" onClick={() => void resend()}>
          Reenviar el correo
        </button>
      )}
    </div>
  );
}

// The super admin's form for a new partner: username, name, an initial password (typed or generated here), and
// exactly the permissions ticked, which the server enforces on every call.
import { useState, type FormEvent } from 'react';
import { showToast } from '#site/stores/toasts.ts';
import { postData, serverMessage } from '#site/lib/admin-api.ts';
import { ADMIN_PERMISSIONS, PERMISSION_LABELS, type AdminPermission } from '#shared/admin-permissions.ts';

const USERNAME = /^[a-z0-9_.]{3,32}$/;
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

function generatePassword(length = 20): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % PASSWORD_ALPHABET.length);
  return [...bytes]
    .filter((b) => b < limit)
    .slice(0, length)
    .map((b) => PASSWORD_ALPHABET[b % PASSWORD_ALPHABET.length])
    .join('');
}

/** The first problem of each field, in the form's order. */
function partnerErrors(username: string, fullName: string, password: string): Record<string, string> {
  const found: Record<string, string> = {};
  if (!USERNAME.test(username.trim().toLowerCase()))
    found.username = 'El usuario debe tener entre 3 y 32 caracteres: letras, números, punto o guion bajo.';
  if (fullName.trim().length < 2) found.fullName = 'Ingresá el nombre completo.';
  if (password.length < 12) found.password = 'La contraseña debe tener al menos 12 caracteres.';
  return found;
}

/** A field's error line, tied to it by id (see described). */
const fieldError = (errors: Record<string, string>, field: string) =>
  errors[field] && (
    <p id={`partner-${field}-error`} className="panel__error">
      {errors[field]}
    </p>
  );
const described = (errors: Record<string, string>, field: string) =>
  errors[field] ? { 'aria-invalid': true, 'aria-describedby': `partner-${field}-error` } : {};

export default function NewPartnerForm(props: { onCreated: (username: string, password: string) => Promise<void> }) {
  const [username, setUsername] = useState('');
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [permissions, setPermissions] = useState<AdminPermission[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  function toggle(permission: AdminPermission, on: boolean) {
    setPermissions((current) => (on ? [...current, permission] : current.filter((p) => p !== permission)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = partnerErrors(username, fullName, password);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`partner-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const name = username.trim().toLowerCase();
      await postData('administrators', {
        username: name,
        fullName: fullName.trim(),
        password,
        permissions: ADMIN_PERMISSIONS.filter((p) => permissions.includes(p)),
      });
      showToast({ title: 'Administrador creado', description: `${name} ya puede ingresar al panel.`, variant: 'success' });
      setUsername('');
      setFullName('');
      setPassword('');
      setPermissions([]);
      await props.onCreated(name, password);
    } catch (err) {
      showToast({ title: 'No se pudo crear el administrador', description: serverMessage(err), variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card panel__form panel__form--card" onSubmit={submit} noValidate aria-labelledby="new-partner-title">
      <h2 id="new-partner-title">Nuevo socio</h2>
      <div className="panel__form-grid">
        <div className="field">
          <label htmlFor="partner-username">Usuario</label>
          <input
            id="partner-username"
            autoComplete="off"
            maxLength={32}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            {...described(errors, 'username')}
          />
          {fieldError(errors, 'username')}
        </div>
        <div className="field">
          <label htmlFor="partner-fullName">Nombre completo</label>
          <input
            id="partner-fullName"
            autoComplete="off"
            maxLength={120}
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
            {...described(errors, 'fullName')}
          />
          {fieldError(errors, 'fullName')}
        </div>
        <PasswordField password={password} onChange={setPassword} errors={errors} />
      </div>
      <PermissionChecks permissions={permissions} onToggle={toggle} />
      <div className="panel__form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Creando…' : 'Crear socio'}
        </button>
      </div>
    </form>
  );
}

/** The initial password, typed or generated here, to hand over once the partner is created. */
function PasswordField(props: { password: string; errors: Record<string, string>; onChange: (password: string) => void }) {
  const { password, errors, onChange } = props;
  return (
    <div className="field">
      <label htmlFor="partner-password">Contraseña inicial</label>
      <span className="panel__inline">
        <input
          id="partner-password"
          type="text"
          autoComplete="new-password"
          spellCheck={false}
          maxLength={128}
          value={password}
          onChange={(e) => onChange(e.target.value)}
          {...described(errors, 'password')}
        />
        <button type="button" className="btn btn-outline" onClick={() => onChange(generatePassword())}>
          Generar
        </button>
      </span>
      {fieldError(errors, 'password')}
    </div>
  );
}

/** Exactly the permissions ticked here, which the server enforces on every call. */
function PermissionChecks(props: { permissions: AdminPermission[]; onToggle: (permission: AdminPermission, on: boolean) => void }) {
  const { permissions, onToggle } = props;
  return (
    <fieldset className="panel__checks">
      <legend>Permisos</legend>
      {ADMIN_PERMISSIONS.map((p) => (
        <label key={p} className="panel__check">
          <input type="checkbox" checked={permissions.includes(p)} onChange={(e) => onToggle(p, e.target.checked)} />
          {PERMISSION_LABELS[p]}
        </label>
      ))}
    </fieldset>
  );
}

// Administradores (super admin): the staff accounts; new partners get only the permissions ticked here, which the
// server enforces on every call. Partners can be disabled (their sessions end), enabled again, or given a new
// password, shown once to hand over.
import { useMemo, useState, type FormEvent } from 'react';
import { showToast } from '#site/stores/toasts.ts';
import { postData, serverMessage } from '#site/lib/admin-api.ts';
import { ADMIN_PERMISSIONS, PERMISSION_LABELS, type AdminPermission } from '#shared/admin-permissions.ts';
import { useExportList } from './panel-export.ts';
import PanelDialog from './panel-dialog.tsx';
import { exportDateTime, formatDateTime } from './labels.ts';
import type { AdministratorRow } from '#db/queries/admin/administrators.ts';

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

const permissionList = (admin: AdministratorRow) =>
  admin.isMaster ? 'Todas' : admin.permissions.map((p) => PERMISSION_LABELS[p]).join(', ') || 'Ninguno';

type Confirm = { kind: 'disable' | 'reset'; admin: AdministratorRow };

export default function AdministratorsSection(props: { administrators: AdministratorRow[]; onChanged: () => Promise<unknown> }) {
  const [busyId, setBusyId] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [handover, setHandover] = useState<{ username: string; password: string } | null>(null);

  useExportList(
    useMemo(
      () => ({
        name: 'administradores',
        columns: ['Usuario', 'Nombre', 'Rol', 'Permisos', 'Estado', 'Alta'],
        rows: props.administrators.map((a) => [
          a.username,
          a.fullName,
          a.isMaster ? 'Administrador Principal' : 'Administrador',
          permissionList(a),
          a.active ? 'Activo' : 'Desactivado',
          exportDateTime(a.createdAt),
        ]),
      }),
      [props.administrators],
    ),
  );

  async function run(admin: AdministratorRow, action: 'disable' | 'enable' | 'reset-password') {
    setBusyId(admin.id);
    setConfirm(null);
    try {
      const answer = await postData<{ password?: string }>(`administrators/${admin.id}/${action}`);
      if (action === 'reset-password' && answer?.password) {
        setHandover({ username: admin.username, password: answer.password });
        showToast({ title: 'Contraseña restablecida', description: `Las sesiones de ${admin.username} se cerraron.`, variant: 'success' });
      } else {
        showToast({
          title: action === 'disable' ? 'Administrador desactivado' : 'Administrador activado',
          description: admin.username,
          variant: 'success',
        });
      }
      await props.onChanged();
    } catch (err) {
      const title = {
        disable: 'No se pudo desactivar al administrador',
        enable: 'No se pudo activar al administrador',
        'reset-password': 'No se pudo restablecer la contraseña',
      }[action];
      showToast({ title, description: serverMessage(err), variant: 'error' });
    } finally {
      setBusyId(null);
    }
  }

  return (
    <section aria-labelledby="panel-section-title" className="panel__section">
      <h1 id="panel-section-title" tabIndex={-1}>
        Administradores
      </h1>
      {handover && <PasswordHandover {...handover} onDone={() => setHandover(null)} />}
      <div className="panel__table-wrap" tabIndex={0} role="region" aria-label="Tabla de administradores">
        <table className="panel__table">
          <caption className="visually-hidden">Administradores</caption>
          <thead>
            <tr>
              <th scope="col">Usuario y nombre</th>
              <th scope="col">Rol y permisos</th>
              <th scope="col">Estado</th>
              <th scope="col">Acciones</th>
            </tr>
          </thead>
          <tbody>
            {props.administrators.map((a) => (
              <tr key={a.id}>
                <th scope="row">
                  {a.username}
                  <span className="panel__muted panel__block">{a.fullName}</span>
                </th>
                <td className="panel__wrap">
                  {a.isMaster ? 'Administrador Principal' : 'Administrador'}
                  <span className="panel__muted panel__block">Permisos: {permissionList(a)}</span>
                </td>
                <td>
                  {a.active ? 'Activo' : 'Desactivado'}
                  <span className="panel__muted panel__block">Alta {formatDateTime(a.createdAt)}</span>
                </td>
                <td>
                  {!a.isMaster && (
                    <span className="panel__row-actions">
                      {a.active ? (
                        <button
                          type="button"
                          className="btn btn-outline"
                          disabled={busyId === a.id}
                          onClick={() => setConfirm({ kind: 'disable', admin: a })}
                        >
                          Desactivar<span className="visually-hidden"> a {a.username}</span>
                        </button>
                      ) : (
                        <button type="button" className="btn btn-outline" disabled={busyId === a.id} onClick={() => void run(a, 'enable')}>
                          Activar<span className="visually-hidden"> a {a.username}</span>
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn btn-outline"
                        disabled={busyId === a.id}
                        onClick={() => setConfirm({ kind: 'reset', admin: a })}
                      >
                        Restablecer contraseña<span className="visually-hidden"> de {a.username}</span>
                      </button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PanelDialog
        title={confirm?.kind === 'disable' ? 'Desactivar administrador' : 'Restablecer contraseña'}
        open={confirm !== null}
        onClose={() => setConfirm(null)}
      >
        {confirm && (
          <>
            <p>
              {confirm.kind === 'disable'
                ? `${confirm.admin.username} no podrá ingresar al panel y sus sesiones abiertas se cerrarán.`
                : `Se generará una contraseña nueva para ${confirm.admin.username} y sus sesiones abiertas se cerrarán.`}
            </p>
            <div className="panel__form-actions">
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void run(confirm.admin, confirm.kind === 'disable' ? 'disable' : 'reset-password')}
              >
                {confirm.kind === 'disable' ? 'Desactivar' : 'Restablecer'}
              </button>
              <button type="button" className="btn btn-outline" onClick={() => setConfirm(null)}>
                Cancelar
              </button>
            </div>
          </>
        )}
      </PanelDialog>
      <NewPartnerForm
        onCreated={async (username, password) => {
          setHandover({ username, password });
          await props.onChanged();
        }}
      />
    </section>
  );
}

/** A password shown once, for the super admin to hand over through a safe channel. */
function PasswordHandover(props: { username: string; password: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="card panel__notice" role="status">
      <p>
        Contraseña de <strong>{props.username}</strong> (se muestra una sola vez): <code className="panel__mono">{props.password}</code>
      </p>
      <div className="panel__form-actions">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() =>
            void navigator.clipboard?.writeText(props.password).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copiada' : 'Copiar'}
        </button>
        <button type="button" className="btn btn-outline" onClick={props.onDone}>
          Listo
        </button>
      </div>
    </div>
  );
}

function NewPartnerForm(props: { onCreated: (username: string, password: string) => Promise<void> }) {
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
    const found: Record<string, string> = {};
    if (!USERNAME.test(username.trim().toLowerCase()))
      found.username = 'El usuario debe tener entre 3 y 32 caracteres: letras, números, punto o guion bajo.';
    if (fullName.trim().length < 2) found.fullName = 'Ingresá el nombre completo.';
    if (password.length < 12) found.password = 'La contraseña debe tener al menos 12 caracteres.';
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

  const error = (field: string) =>
    errors[field] && (
      <p id={`partner-${field}-error`} className="panel__error">
        {errors[field]}
      </p>
    );
  const described = (field: string) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `partner-${field}-error` } : {});

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
            {...described('username')}
          />
          {error('username')}
        </div>
        <div className="field">
          <label htmlFor="partner-fullName">Nombre completo</label>
          <input
            id="partner-fullName"
            autoComplete="off"
            maxLength={120}
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
            {...described('fullName')}
          />
          {error('fullName')}
        </div>
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
              onChange={(e) => setPassword(e.target.value)}
              {...described('password')}
            />
            <button type="button" className="btn btn-outline" onClick={() => setPassword(generatePassword())}>
              Generar
            </button>
          </span>
          {error('password')}
        </div>
      </div>
      <fieldset className="panel__checks">
        <legend>Permisos</legend>
        {ADMIN_PERMISSIONS.map((p) => (
          <label key={p} className="panel__check">
            <input type="checkbox" checked={permissions.includes(p)} onChange={(e) => toggle(p, e.target.checked)} />
            {PERMISSION_LABELS[p]}
          </label>
        ))}
      </fieldset>
      <div className="panel__form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Creando…' : 'Crear socio'}
        </button>
      </div>
    </form>
  );
}

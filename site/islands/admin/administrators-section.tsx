// Administradores (super admin): the staff accounts; new partners get only the permissions ticked here, which the
// server enforces on every call. Partners can be disabled (their sessions end), enabled again, or given a new
// password, shown once to hand over.
import { useMemo, useState } from 'react';
import { showToast } from '#site/stores/toasts.ts';
import { postData, serverMessage } from '#site/lib/admin-api.ts';
import { PERMISSION_LABELS } from '#shared/admin-permissions.ts';
import { useExportList } from './panel-export.ts';
import PanelDialog from './panel-dialog.tsx';
import NewPartnerForm from './new-partner-form.tsx';
import { exportDateTime, formatDateTime } from './labels.ts';
import type { AdministratorItem as AdministratorRow, PasswordHandedOver } from '#shared/contracts/staff/administrators.ts';

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
      const answer = await postData<Partial<PasswordHandedOver>>(`administrators/${admin.id}/${action}`);
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

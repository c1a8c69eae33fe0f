// Administradores (super admin): the staff accounts; new partners get only the permissions ticked here, which the
// server enforces on every call. Partners can be disabled (their sessions end), enabled again, or given a new
// password, shown once to hand over.
import { useMemo, useState } from 'react';
import { showToast } from '#site/stores/toasts.ts';
import { postData, serverMessage } from '#site/lib/admin-api.ts';
import { PERMISSION_LABELS } from '#shared/admin-permissions.ts';
import { useExportList } from './panel-export.ts';
import PanelTable, { type PanelColumns } from './panel-table.tsx';
import PanelDialog from './panel-dialog.tsx';
import NewPartnerForm from './new-partner-form.tsx';
import { exportDateTime, formatDateTime } from './labels.ts';
import type { AdministratorItem as AdministratorRow, PasswordHandedOver } from '#shared/contracts/staff/administrators.ts';

const permissionList = (admin: AdministratorRow) =>
  admin.isMaster ? 'Todas' : admin.permissions.map((p) => PERMISSION_LABELS[p]).join(', ') || 'Ninguno';

type Confirm = { kind: 'disable' | 'reset'; admin: AdministratorRow };

/** 'Exportar': the staff accounts. */
function useAdministratorsExport(administrators: AdministratorRow[]) {
  useExportList(
    useMemo(
      () => ({
        name: 'administradores',
        columns: ['Usuario', 'Nombre', 'Rol', 'Permisos', 'Estado', 'Alta'],
        rows: administrators.map((a) => [
          a.username,
          a.fullName,
          a.isMaster ? 'Administrador Principal' : 'Administrador',
          permissionList(a),
          a.active ? 'Activo' : 'Desactivado',
          exportDateTime(a.createdAt),
        ]),
      }),
      [administrators],
    ),
  );
}

export default function AdministratorsSection(props: { administrators: AdministratorRow[]; onChanged: () => Promise<unknown> }) {
  const [busyId, setBusyId] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [handover, setHandover] = useState<{ username: string; password: string } | null>(null);

  useAdministratorsExport(props.administrators);

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
      <StaffTable
        administrators={props.administrators}
        busyId={busyId}
        onConfirm={(kind, admin) => setConfirm({ kind, admin })}
        onEnable={(admin) => void run(admin, 'enable')}
      />
      <PanelDialog
        title={confirm?.kind === 'disable' ? 'Desactivar administrador' : 'Restablecer contraseña'}
        open={confirm !== null}
        onClose={() => setConfirm(null)}
      >
        {confirm && (
          <ConfirmationBody
            confirm={confirm}
            onConfirm={() => void run(confirm.admin, confirm.kind === 'disable' ? 'disable' : 'reset-password')}
            onCancel={() => setConfirm(null)}
          />
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

interface StaffTableProps {
  administrators: AdministratorRow[];
  busyId: number | null;
  onConfirm: (kind: Confirm['kind'], admin: AdministratorRow) => void;
  onEnable: (admin: AdministratorRow) => void;
}

function StaffTable({ administrators, busyId, onConfirm, onEnable }: StaffTableProps) {
  return (
    <PanelTable
      label="Tabla de administradores"
      caption="Administradores"
      columns={staffColumns(busyId, onConfirm, onEnable)}
      rows={administrators}
      rowKey={(a) => a.id}
    />
  );
}

/** The staff accounts; a partner's (not the super admin's) can be disabled or enabled, or given a new password. */
function staffColumns(
  busyId: number | null,
  onConfirm: StaffTableProps['onConfirm'],
  onEnable: StaffTableProps['onEnable'],
): PanelColumns<AdministratorRow> {
  return [
    {
      header: 'Usuario y nombre',
      rowHeader: true,
      breakAnywhere: true,
      cell: (a) => (
        <>
          {a.username}
          <span className="panel__muted panel__block">{a.fullName}</span>
        </>
      ),
    },
    {
      header: 'Rol y permisos',
      wide: true,
      cell: (a) => (
        <>
          {a.isMaster ? 'Administrador Principal' : 'Administrador'}
          <span className="panel__muted panel__block">Permisos: {permissionList(a)}</span>
        </>
      ),
    },
    {
      header: 'Estado',
      cell: (a) => (
        <>
          {a.active ? 'Activo' : 'Desactivado'}
          <span className="panel__muted panel__block">Alta {formatDateTime(a.createdAt)}</span>
        </>
      ),
    },
    {
      header: 'Acciones',
      actions: true,
      cell: (a) =>
        !a.isMaster && (
          <span className="panel__row-actions">
            {a.active ? (
              <button type="button" className="btn btn-outline" disabled={busyId === a.id} onClick={() => onConfirm('disable', a)}>
                Desactivar<span className="visually-hidden"> a {a.username}</span>
              </button>
            ) : (
              <button type="button" className="btn btn-outline" disabled={busyId === a.id} onClick={() => onEnable(a)}>
                Activar<span className="visually-hidden"> a {a.username}</span>
              </button>
            )}
            <button type="button" className="btn btn-outline" disabled={busyId === a.id} onClick={() => onConfirm('reset', a)}>
              Restablecer contraseña<span className="visually-hidden"> de {a.username}</span>
            </button>
          </span>
        ),
    },
  ];
}

/** Disabling a partner or resetting their password, said once more before it is done. */
function ConfirmationBody({ confirm, onConfirm, onCancel }: { confirm: Confirm; onConfirm: () => void; onCancel: () => void }) {
  return (
    <>
      <p>
        {confirm.kind === 'disable'
          ? `${confirm.admin.username} no podrá ingresar al panel y sus sesiones abiertas se cerrarán.`
          : `Se generará una contraseña nueva para ${confirm.admin.username} y sus sesiones abiertas se cerrarán.`}
      </p>
      <div className="panel__form-actions">
        <button type="button" className="btn btn-primary" onClick={onConfirm}>
          {confirm.kind === 'disable' ? 'Desactivar' : 'Restablecer'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </>
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

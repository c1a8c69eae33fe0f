// The panel's header: the menu button, who is signed in, 'Actualizar', 'Exportar', the bell with the pending
// verifications, and 'Cerrar sesión'.
import { showToast } from '#site/stores/toasts.ts';
import { postData } from '#site/lib/admin-api.ts';
import type { StaffMember } from '#shared/contracts/staff/staff-member.ts';
import { toLogin } from './panel-session.ts';

interface PanelHeaderProps {
  admin: StaffMember;
  menuOpen: boolean;
  /** Verifications waiting, for the bell. */
  pending: number;
  onToggleMenu: () => void;
  onRefresh: () => void;
  onExport: () => void;
}

async function logout() {
  try {
    await postData('logout');
  } catch {
    /* the session is gone either way */
  }
  showToast({ title: 'Sesión cerrada', variant: 'success' });
  toLogin();
}

export default function PanelHeader({ admin, menuOpen, pending, onToggleMenu, onRefresh, onExport }: PanelHeaderProps) {
  return (
    <header className="panel__header">
      <button type="button" className="btn btn-outline" aria-expanded={menuOpen} aria-controls="panel-nav" onClick={onToggleMenu}>
        Menú
      </button>
      <div className="panel__who">
        <p className="panel__role">{admin.isMaster ? 'Administrador Principal' : 'Administrador'}</p>
        <p className="panel__name">{admin.fullName}</p>
      </div>
      <div className="panel__actions">
        <button type="button" className="btn btn-outline" onClick={onRefresh}>
          Actualizar
        </button>
        <button type="button" className="btn btn-outline" onClick={onExport}>
          Exportar
        </button>
        <span className="panel__bell" role="status" aria-label={`${pending} verificaciones pendientes`}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path
              fill="currentColor"
              d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5-6.71V3a2 2 0 1 0-4 0v1.29A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
            />
          </svg>
          {pending > 0 && <span className="panel__badge">{pending}</span>}
        </span>
        <button type="button" className="btn btn-outline" onClick={() => void logout()}>
          Cerrar sesión
        </button>
      </div>
    </header>
  );
}

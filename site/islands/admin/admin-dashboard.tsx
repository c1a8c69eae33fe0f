// The staff panel: the header (menu, refresh, export, the bell with pending verifications, logout), the session
// heartbeat every 10 minutes, a collapsible menu of the sections this admin may open, and those sections. The
// server checked the session before rendering and checks every call; a 401 later (idle or ended session) sends
// back to the login. Data loads once on opening and again only on 'Actualizar' (no automatic refetch).
import { useCallback, useEffect, useRef, useState } from 'react';
import { showToast } from '#site/stores/toasts.ts';
import { ExportListContext, useExportDownload } from './panel-export.ts';
import type { StaffMember } from '#shared/contracts/staff/staff-member.ts';
import StaffAlerts from './staff-alerts.tsx';
import { PANEL_SECTIONS, mayCall, type AdminRoute, type SectionId } from '#shared/admin-routes.ts';
import { usePanelData } from './use-panel-data.ts';
import { toLogin, useSessionHeartbeat } from './panel-session.ts';
import PanelHeader from './panel-header.tsx';
import PanelNav from './panel-nav.tsx';
import CurrentSection from './current-section.tsx';

const NARROW = '(max-width: 760px)';

export default function AdminDashboard({ admin }: { admin: StaffMember }) {
  // What the server lets this admin call, from the table it enforces (shared/admin-routes.ts).
  const may = useCallback((route: AdminRoute) => mayCall(admin, route), [admin]);
  const allowed = Object.fromEntries(PANEL_SECTIONS.map((s) => [s.id, may(s.route)])) as Record<SectionId, boolean>;
  const sections = PANEL_SECTIONS.filter((s) => allowed[s.id]);

  const [section, setSection] = useState<SectionId>('resumen');
  const [menuOpen, setMenuOpen] = useState(true);
  const { data, failed, load } = usePanelData(may);
  const [reloadToken, setReloadToken] = useState(0);
  const exports = useExportDownload();
  const focusTitle = useRef(false);
  useSessionHeartbeat();

  useEffect(() => {
    // Opens the section named in the address (#pagos) when this admin may see it; on a phone the menu starts closed.
    const followHash = () => {
      const fromHash = window.location.hash.slice(1) as SectionId;
      if (PANEL_SECTIONS.some((s) => s.id === fromHash) && allowed[fromHash]) setSection(fromHash);
    };
    const first = setTimeout(() => {
      followHash();
      if (window.matchMedia(NARROW).matches) setMenuOpen(false);
      void load();
    }, 0);
    window.addEventListener('hashchange', followHash);
    return () => {
      clearTimeout(first);
      window.removeEventListener('hashchange', followHash);
    };
    // Runs once on opening: `allowed` is derived from the admin, which does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load]);

  function open(id: SectionId) {
    setSection(id);
    history.replaceState(null, '', `#${id}`);
    if (window.matchMedia(NARROW).matches) {
      // On a phone the menu closes to show the section; focus goes to its title (once rendered, in the effect
      // below), not to a button that is now hidden.
      setMenuOpen(false);
      focusTitle.current = true;
    }
  }
  useEffect(() => {
    // A section whose data is still loading has no title yet: the focus waits for it (data is a dependency).
    if (!focusTitle.current) return;
    const title = document.getElementById('panel-section-title');
    if (!title) return;
    focusTitle.current = false;
    title.focus();
  }, [section, menuOpen, data]);

  async function refresh() {
    setReloadToken((n) => n + 1);
    const ok = await load();
    showToast(
      ok ? { title: 'Datos actualizados', variant: 'success' } : { title: 'No se pudieron actualizar los datos', variant: 'error' },
    );
  }

  return (
    <ExportListContext value={exports.register}>
      <div className="panel">
        <PanelHeader
          admin={admin}
          menuOpen={menuOpen}
          pending={data.stats?.pendingVerifications ?? 0}
          onToggleMenu={() => setMenuOpen((o) => !o)}
          onRefresh={() => void refresh()}
          onExport={exports.download}
        />

        <div className="panel__body">
          <PanelNav sections={sections} current={section} open={menuOpen} stats={data.stats} onOpen={open} />
          <div className="panel__main">
            <StaffAlerts reloadToken={reloadToken} onUnauthorized={toLogin} />
            <CurrentSection section={section} data={data} failed={failed} reloadToken={reloadToken} may={may} onChanged={load} />
          </div>
        </div>
      </div>
    </ExportListContext>
  );
}

// The panel's menu: the sections this admin may open, each with the count of what waits in it (ads in review,
// photo verifications, reports overdue, identity verifications).
import type { PANEL_SECTIONS, SectionId } from '#shared/admin-routes.ts';
import type { PanelStatistics } from '#shared/contracts/staff/overview.ts';

interface PanelNavProps {
  sections: (typeof PANEL_SECTIONS)[number][];
  current: SectionId;
  open: boolean;
  stats: PanelStatistics | null;
  onOpen: (id: SectionId) => void;
}

/** A count beside a section's name; screen readers read `what` after it. */
function NavBadge({ count, what }: { count: number; what: string }) {
  if (count <= 0) return null;
  return (
    <span className="panel__badge panel__badge--inline">
      {count}
      <span className="visually-hidden">{` ${what}`}</span>
    </span>
  );
}

export default function PanelNav({ sections, current, open, stats, onOpen }: PanelNavProps) {
  const overdueReports = stats?.overdueReports ?? 0;
  return (
    <nav id="panel-nav" aria-label="Secciones del panel" className="panel__nav" hidden={!open}>
      <ul>
        {sections.map((s) => (
          <li key={s.id}>
            <button type="button" aria-current={current === s.id ? 'page' : undefined} onClick={() => onOpen(s.id)}>
              {s.label}
              {s.id === 'anuncios' && <NavBadge count={stats?.pendingAds ?? 0} what="en revisión" />}
              {s.id === 'fotos' && <NavBadge count={stats?.pendingPhotoVerifications ?? 0} what="pendientes" />}
              {s.id === 'denuncias' && (
                <NavBadge count={overdueReports} what={`${overdueReports === 1 ? 'demorada' : 'demoradas'} más de 24 horas`} />
              )}
              {s.id === 'suscriptores' && <NavBadge count={stats?.pendingVerifications ?? 0} what="pendientes" />}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

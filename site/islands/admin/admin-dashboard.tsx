// The staff panel: the header (menu, refresh, export, the bell with pending verifications, logout), the session
// heartbeat every 10 minutes, a collapsible menu of the sections this admin may open, and those sections. The
// server checked the session before rendering and checks every call; a 401 later (idle or ended session) sends
// back to the login. Data loads once on opening and again only on 'Actualizar' (no automatic refetch).
import { useCallback, useEffect, useRef, useState } from 'react';
import { showToast } from '#site/stores/toasts.ts';
import { ApiError, getData, postData } from '#site/lib/admin-api.ts';
import { downloadCsv } from '#site/lib/csv.ts';
import { ExportListContext, type PanelList } from './panel-export.ts';
import { todayStamp } from './labels.ts';
import OverviewSection from './overview-section.tsx';
import SubscribersSection from './subscribers-section.tsx';
import PaymentsSection from './payments-section.tsx';
import AdsSection from './ads-section.tsx';
import PhotoVerificationsSection from './photo-verifications-section.tsx';
import ReportsSection from './reports-section.tsx';
import SafetyAlertsSection from './safety-alerts-section.tsx';
import MessagesSection from './messages-section.tsx';
import BankAccountsSection from './bank-accounts-section.tsx';
import AdministratorsSection from './administrators-section.tsx';
import AnalyticsSection from './analytics-section.tsx';
import SettingsSection from './settings-section.tsx';
import AuditLogSection from './audit-log-section.tsx';
import type { AdministratorItem } from '#shared/contracts/staff/administrators.ts';
import type { AnalyticsSummary } from '#shared/contracts/staff/analytics.ts';
import type { PanelSettings, PanelStatistics } from '#shared/contracts/staff/overview.ts';
import type { BankAccountItem, PaymentItem } from '#shared/contracts/staff/payments.ts';
import type { StaffMember } from '#shared/contracts/staff/staff-member.ts';
import type { SubscriberItem } from '#shared/contracts/staff/verification.ts';
import StaffAlerts from './staff-alerts.tsx';
import { PANEL_SECTIONS, mayCall, type AdminRoute, type SectionId } from '#shared/admin-routes.ts';

interface PanelData {
  stats: PanelStatistics | null;
  subscribers: SubscriberItem[] | null;
  payments: PaymentItem[] | null;
  bankAccounts: BankAccountItem[] | null;
  analytics: AnalyticsSummary | null;
  settings: PanelSettings | null;
  administrators: AdministratorItem[] | null;
}
const NO_DATA: PanelData = {
  stats: null,
  subscribers: null,
  payments: null,
  bankAccounts: null,
  analytics: null,
  settings: null,
  administrators: null,
};

const HEARTBEAT_MS = 10 * 60 * 1000;
const NARROW = '(max-width: 760px)';
const toLogin = () => window.location.assign('/admin/login');
const skip = () => Promise.resolve(null);

export default function AdminDashboard({ admin }: { admin: StaffMember }) {
  // What the server lets this admin call, from the table it enforces (shared/admin-routes.ts).
  const may = useCallback((route: AdminRoute) => mayCall(admin, route), [admin]);
  const allowed = Object.fromEntries(PANEL_SECTIONS.map((s) => [s.id, may(s.route)])) as Record<SectionId, boolean>;
  const sections = PANEL_SECTIONS.filter((s) => allowed[s.id]);

  const [section, setSection] = useState<SectionId>('resumen');
  const [menuOpen, setMenuOpen] = useState(true);
  const [data, setData] = useState<PanelData>(NO_DATA);
  const [failed, setFailed] = useState(false);
  const [reloadToken, setReloadToken] = useState(0);
  const exportList = useRef<PanelList | null>(null);
  const focusTitle = useRef(false);
  const registerExport = useCallback((list: PanelList | null) => {
    exportList.current = list;
  }, []);

  const load = useCallback(async (): Promise<boolean> => {
    try {
      const [stats, subscribers, payments, bankAccounts, analytics, settings, administrators] = await Promise.all([
        getData<PanelStatistics>('statistics'),
        may('GET /api/admin/subscribers') ? getData<SubscriberItem[]>('subscribers') : skip(),
        may('GET /api/admin/payments') ? getData<PaymentItem[]>('payments') : skip(),
        may('GET /api/admin/bank-accounts') ? getData<BankAccountItem[]>('bank-accounts') : skip(),
        getData<AnalyticsSummary>('analytics', 'summary'),
        getData<PanelSettings>('settings'),
        may('GET /api/admin/administrators') ? getData<AdministratorItem[]>('administrators') : skip(),
      ]);
      setData({ stats, subscribers, payments, bankAccounts, analytics, settings, administrators });
      setFailed(false);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) toLogin();
      console.error('Panel data:', err);
      setFailed(true);
      return false;
    }
  }, [may]);

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
    const heartbeat = setInterval(() => {
      postData('heartbeat').catch((err) => {
        if (err instanceof ApiError && err.status === 401) toLogin();
      });
    }, HEARTBEAT_MS);
    return () => {
      clearTimeout(first);
      clearInterval(heartbeat);
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

  function exportCurrent() {
    const list = exportList.current;
    if (!list) {
      showToast({ title: 'Nada para exportar', description: 'Esperá a que carguen los datos de la sección.', variant: 'error' });
      return;
    }
    downloadCsv(`velada-${list.name}-${todayStamp()}.csv`, list);
    showToast({
      title: 'Exportación lista',
      description: `${list.rows.length} ${list.rows.length === 1 ? 'fila' : 'filas'} en CSV.`,
      variant: 'success',
    });
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

  const pending = data.stats?.pendingVerifications ?? 0;
  const pendingAds = data.stats?.pendingAds ?? 0;
  const pendingPhotos = data.stats?.pendingPhotoVerifications ?? 0;
  const overdueReports = data.stats?.overdueReports ?? 0;
  const loading = <p aria-live="polite">{failed ? 'No se pudieron cargar los datos. Probá con «Actualizar».' : 'Cargando…'}</p>;
  return (
    <ExportListContext value={registerExport}>
      <div className="panel">
        <header className="panel__header">
          <button
            type="button"
            className="btn btn-outline"
            aria-expanded={menuOpen}
            aria-controls="panel-nav"
            onClick={() => setMenuOpen((o) => !o)}
          >
            Menú
          </button>
          <div className="panel__who">
            <p className="panel__role">{admin.isMaster ? 'Administrador Principal' : 'Administrador'}</p>
            <p className="panel__name">{admin.fullName}</p>
          </div>
          <div className="panel__actions">
            <button type="button" className="btn btn-outline" onClick={() => void refresh()}>
              Actualizar
            </button>
            <button type="button" className="btn btn-outline" onClick={exportCurrent}>
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

        <div className="panel__body">
          <nav id="panel-nav" aria-label="Secciones del panel" className="panel__nav" hidden={!menuOpen}>
            <ul>
              {sections.map((s) => (
                <li key={s.id}>
                  <button type="button" aria-current={section === s.id ? 'page' : undefined} onClick={() => open(s.id)}>
                    {s.label}
                    {s.id === 'anuncios' && pendingAds > 0 && (
                      <span className="panel__badge panel__badge--inline">
                        {pendingAds}
                        <span className="visually-hidden"> en revisión</span>
                      </span>
                    )}
                    {s.id === 'fotos' && pendingPhotos > 0 && (
                      <span className="panel__badge panel__badge--inline">
                        {pendingPhotos}
                        <span className="visually-hidden"> pendientes</span>
                      </span>
                    )}
                    {s.id === 'denuncias' && overdueReports > 0 && (
                      <span className="panel__badge panel__badge--inline">
                        {overdueReports}
                        <span className="visually-hidden"> {overdueReports === 1 ? 'demorada' : 'demoradas'} más de 24 horas</span>
                      </span>
                    )}
                    {s.id === 'suscriptores' && pending > 0 && (
                      <span className="panel__badge panel__badge--inline">
                        {pending}
                        <span className="visually-hidden"> pendientes</span>
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <div className="panel__main">
            <StaffAlerts reloadToken={reloadToken} onUnauthorized={toLogin} />
            {section === 'resumen' && <OverviewSection stats={data.stats} payments={data.payments} failed={failed} />}
            {section === 'suscriptores' &&
              (data.subscribers ? (
                <SubscribersSection
                  subscribers={data.subscribers}
                  canDecide={may('POST /api/admin/subscribers/:id/verify')}
                  onChanged={load}
                />
              ) : (
                loading
              ))}
            {section === 'fotos' && <PhotoVerificationsSection reloadToken={reloadToken} onUnauthorized={toLogin} onChanged={load} />}
            {section === 'anuncios' && <AdsSection reloadToken={reloadToken} onUnauthorized={toLogin} onChanged={load} />}
            {section === 'denuncias' && <ReportsSection reloadToken={reloadToken} onUnauthorized={toLogin} onChanged={load} />}
            {section === 'alertas' && <SafetyAlertsSection reloadToken={reloadToken} onUnauthorized={toLogin} onChanged={load} />}
            {section === 'mensajes' && <MessagesSection reloadToken={reloadToken} onUnauthorized={toLogin} />}
            {section === 'pagos' &&
              (data.payments ? (
                <PaymentsSection
                  payments={data.payments}
                  bankAccounts={data.bankAccounts}
                  canProcess={may('POST /api/admin/payments/:id/process')}
                  onChanged={load}
                />
              ) : (
                loading
              ))}
            {section === 'cuentas' && (data.bankAccounts ? <BankAccountsSection accounts={data.bankAccounts} onChanged={load} /> : loading)}
            {section === 'administradores' &&
              (data.administrators ? <AdministratorsSection administrators={data.administrators} onChanged={load} /> : loading)}
            {section === 'analytics' && (data.analytics ? <AnalyticsSection summary={data.analytics} /> : loading)}
            {section === 'configuracion' &&
              (data.settings ? (
                <SettingsSection
                  key={`${data.settings.pricePremium}-${data.settings.priceVip}`}
                  settings={data.settings}
                  canEdit={may('PUT /api/admin/settings')}
                  onChanged={load}
                />
              ) : (
                loading
              ))}
            {section === 'registro' && <AuditLogSection reloadToken={reloadToken} onUnauthorized={toLogin} />}
          </div>
        </div>
      </div>
    </ExportListContext>
  );
}

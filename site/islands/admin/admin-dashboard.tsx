// The staff panel: the header (menu, refresh, the bell with pending verifications, logout), the session heartbeat
// every 10 minutes, a collapsible menu of the sections this admin may open, and those sections (so far the
// overview and Suscriptores). The server has already checked the session before rendering; a 401 later (idle or
// ended session) sends back to the login.
import { useCallback, useEffect, useState } from 'react';
import { showToast } from '../../stores/toasts.ts';
import { ApiError, getData, postData } from '../../lib/admin-api.ts';
import { formatCount, formatMoney } from '../../lib/format.ts';
import SubscribersSection, { type Subscriber } from './subscribers-section.tsx';
import type { Payment } from '../../../db/queries/admin/payments.ts';

export interface PanelAdmin {
  username: string;
  fullName: string;
  isMaster: boolean;
  permissions: string[];
}
interface Statistics {
  totalSubscribers: number;
  activeSubscribers: number;
  pendingVerifications: number;
  monthlyRevenue: number | null;
  todayRevenue: number | null;
  totalAds: number;
  activeAds: number;
}

const HEARTBEAT_MS = 10 * 60 * 1000;
const METHOD_LABELS: Record<string, string> = { transfer: 'Transferencia', mercadopago: 'MercadoPago', card: 'Tarjeta' };
const dateTime = new Intl.DateTimeFormat('es-AR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Argentina/Buenos_Aires' });

const toLogin = () => window.location.assign('/admin/login');

type Section = 'overview' | 'subscribers';

export default function AdminDashboard({ admin }: { admin: PanelAdmin }) {
  const may = (permission: string) => admin.isMaster || admin.permissions.includes(permission);
  const canSeePayments = may('view_payments');
  const canSeeSubscribers = may('view_subscribers');
  const [section, setSection] = useState<Section>('overview');
  const [menuOpen, setMenuOpen] = useState(true);
  const [stats, setStats] = useState<Statistics | null>(null);
  const [payments, setPayments] = useState<Payment[] | null>(null);
  const [subscribers, setSubscribers] = useState<Subscriber[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async (): Promise<boolean> => {
    try {
      const [nextStats, nextPayments, nextSubscribers] = await Promise.all([
        getData<Statistics>('statistics'),
        canSeePayments ? getData<Payment[]>('payments') : Promise.resolve(null),
        canSeeSubscribers ? getData<Subscriber[]>('subscribers') : Promise.resolve(null),
      ]);
      setStats(nextStats);
      setPayments(nextPayments);
      setSubscribers(nextSubscribers);
      setFailed(false);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) toLogin();
      console.error('Panel data:', err);
      setFailed(true);
      return false;
    }
  }, [canSeePayments, canSeeSubscribers]);

  useEffect(() => {
    // The first load happens once, on opening; later ones only on 'Actualizar' (no automatic refetch).
    const first = setTimeout(() => void load(), 0);
    const heartbeat = setInterval(() => {
      postData('heartbeat').catch((err) => {
        if (err instanceof ApiError && err.status === 401) toLogin();
      });
    }, HEARTBEAT_MS);
    return () => {
      clearTimeout(first);
      clearInterval(heartbeat);
    };
  }, [load]);

  async function refresh() {
    const ok = await load();
    showToast(ok ? { title: 'Datos actualizados', variant: 'success' } : { title: 'No se pudieron actualizar los datos', variant: 'error' });
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

  const pending = stats?.pendingVerifications ?? 0;
  return (
    <div className="panel">
      <header className="panel__header">
        <button
          type="button"
          className="btn btn-outline"
          aria-expanded={menuOpen}
          aria-controls="panel-nav"
          onClick={() => setMenuOpen((open) => !open)}
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
          <span className="panel__bell" role="status" aria-label={`${pending} verificaciones pendientes`}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5-6.71V3a2 2 0 1 0-4 0v1.29A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z" />
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
            <li>
              <button type="button" aria-current={section === 'overview' ? 'page' : undefined} onClick={() => setSection('overview')}>
                Resumen General
              </button>
            </li>
            {canSeeSubscribers && (
              <li>
                <button type="button" aria-current={section === 'subscribers' ? 'page' : undefined} onClick={() => setSection('subscribers')}>
                  Suscriptores
                  {pending > 0 && (
                    <span className="panel__badge panel__badge--inline">
                      {pending}
                      <span className="visually-hidden"> pendientes</span>
                    </span>
                  )}
                </button>
              </li>
            )}
          </ul>
        </nav>
        <div className="panel__main">
          {section === 'overview' && (
            <Overview stats={stats} payments={canSeePayments ? payments : null} failed={failed} />
          )}
          {section === 'subscribers' &&
            (subscribers ? (
              <SubscribersSection subscribers={subscribers} canDecide={may('manage_verifications')} onChanged={load} />
            ) : (
              <p aria-live="polite">Cargando…</p>
            ))}
        </div>
      </div>
    </div>
  );
}

function Overview({ stats, payments, failed }: { stats: Statistics | null; payments: Payment[] | null; failed: boolean }) {
  return (
    <section aria-labelledby="overview-title" className="panel__section">
      <h1 id="overview-title">Resumen General</h1>
      {failed && !stats && <p role="alert">No se pudieron cargar los datos. Probá con «Actualizar».</p>}
      {!stats && !failed && <p aria-live="polite">Cargando…</p>}
      {stats && (
        <ul className="panel__cards">
          <Card label="Suscriptores" value={formatCount(stats.totalSubscribers)} detail={`${formatCount(stats.activeSubscribers)} activos`} />
          <Card label="Verificaciones pendientes" value={formatCount(stats.pendingVerifications)} />
          <Card label="Anuncios" value={formatCount(stats.totalAds)} detail={`${formatCount(stats.activeAds)} publicados`} />
          {stats.monthlyRevenue !== null && <Card label="Ingresos del mes" value={formatMoney(stats.monthlyRevenue)} />}
          {stats.todayRevenue !== null && <Card label="Ingresos de hoy" value={formatMoney(stats.todayRevenue)} />}
        </ul>
      )}
      {payments && (
        <>
          <h2>Actividad reciente</h2>
          {payments.length === 0 ? (
            <p>Todavía no hay pagos.</p>
          ) : (
            <div className="panel__table-wrap" tabIndex={0} role="region" aria-label="Tabla de los últimos pagos">
              <table className="panel__table">
                <caption className="visually-hidden">Los últimos 5 pagos</caption>
                <thead>
                  <tr>
                    <th scope="col">Fecha</th>
                    <th scope="col">Anunciante</th>
                    <th scope="col">Descripción</th>
                    <th scope="col">Medio</th>
                    <th scope="col">Estado</th>
                    <th scope="col" className="num">
                      Monto
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {payments.slice(0, 5).map((p) => (
                    <tr key={p.id}>
                      <td>{dateTime.format(new Date(p.createdAt))}</td>
                      <td>{p.advertiserName}</td>
                      <td>{p.description}</td>
                      <td>{METHOD_LABELS[p.paymentMethod] ?? p.paymentMethod}</td>
                      <td>{p.paymentStatus === 'completed' ? 'Completado' : 'Pendiente'}</td>
                      <td className="num">{formatMoney(p.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function Card({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <li className="card panel__card">
      <span className="panel__card-label">{label}</span>
      <strong className="panel__card-value">{value}</strong>
      {detail && <span className="panel__card-detail">{detail}</span>}
    </li>
  );
}

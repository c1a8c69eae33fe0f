// Resumen general: the statistics cards and, for those who may see payments, the recent activity (the first 5
// payments of the list).
import { useMemo } from 'react';
import { formatCount, formatMoney } from '#shared/format.ts';
import { useExportList } from './panel-export.ts';
import PanelTable, { type PanelColumn } from './panel-table.tsx';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, exportDateTime, formatDateTime } from './labels.ts';
import type { PanelStatistics } from '#shared/contracts/staff/overview.ts';
import type { PaymentItem } from '#shared/contracts/staff/payments.ts';

const RECENT = 5;

/** 'Exportar': the indicators, then the recent payments. */
function useOverviewExport(stats: PanelStatistics | null, recent: PaymentItem[] | null) {
  useExportList(
    useMemo(
      () =>
        stats && {
          name: 'resumen',
          columns: ['Indicador', 'Valor'],
          rows: [
            ['Suscriptores', stats.totalSubscribers],
            ['Suscriptores activos', stats.activeSubscribers],
            ['Verificaciones pendientes', stats.pendingVerifications],
            ['Anuncios', stats.totalAds],
            ['Anuncios publicados', stats.activeAds],
            ['Anuncios en revisión', stats.pendingAds],
            ['Denuncias demoradas (más de 24 h)', stats.overdueReports],
            ...(stats.monthlyRevenue === null ? [] : [['Ingresos del mes (ARS)', stats.monthlyRevenue]]),
            ...(stats.todayRevenue === null ? [] : [['Ingresos de hoy (ARS)', stats.todayRevenue]]),
            ...(recent ?? []).map((p) => [
              `Pago ${exportDateTime(p.createdAt)} · ${p.advertiserName} · ${PAYMENT_STATUS_LABELS[p.paymentStatus]}`,
              p.amount,
            ]),
          ],
        },
      [stats, recent],
    ),
  );
}

export default function OverviewSection({
  stats,
  payments,
  failed,
}: {
  stats: PanelStatistics | null;
  payments: PaymentItem[] | null;
  failed: boolean;
}) {
  const recent = useMemo(() => payments?.slice(0, RECENT) ?? null, [payments]);
  useOverviewExport(stats, recent);

  return (
    <section aria-labelledby="panel-section-title" className="panel__section">
      <h1 id="panel-section-title" tabIndex={-1}>
        Resumen general
      </h1>
      {failed && !stats && <p role="alert">No se pudieron cargar los datos. Probá con «Actualizar».</p>}
      {!stats && !failed && <p aria-live="polite">Cargando…</p>}
      {stats && (
        <ul className="panel__cards">
          <Card
            label="Suscriptores"
            value={formatCount(stats.totalSubscribers)}
            detail={`${formatCount(stats.activeSubscribers)} activos`}
          />
          <Card label="Verificaciones pendientes" value={formatCount(stats.pendingVerifications)} />
          <Card label="Anuncios" value={formatCount(stats.totalAds)} detail={`${formatCount(stats.activeAds)} publicados`} />
          <Card label="Anuncios en revisión" value={formatCount(stats.pendingAds)} />
          <Card label="Denuncias demoradas" value={formatCount(stats.overdueReports)} detail="Esperan hace más de 24 horas" />
          {stats.monthlyRevenue !== null && <Card label="Ingresos del mes" value={formatMoney(stats.monthlyRevenue)} />}
          {stats.todayRevenue !== null && <Card label="Ingresos de hoy" value={formatMoney(stats.todayRevenue)} />}
        </ul>
      )}
      {recent && (
        <>
          <h2>Actividad reciente</h2>
          {recent.length === 0 ? <p>Todavía no hay pagos.</p> : <RecentPayments payments={recent} />}
        </>
      )}
    </section>
  );
}

/** The first payments of the list, newest first: every column the Pagos list has, on one screen. */
const RECENT_COLUMNS: PanelColumn<PaymentItem>[] = [
  { header: 'Fecha', cell: (p) => formatDateTime(p.createdAt), nowrap: true },
  { header: 'Anunciante', cell: (p) => p.advertiserName, rowHeader: true },
  { header: 'Descripción', cell: (p) => p.description, wide: true },
  { header: 'Medio', cell: (p) => PAYMENT_METHOD_LABELS[p.paymentMethod] ?? p.paymentMethod },
  { header: 'Estado', cell: (p) => PAYMENT_STATUS_LABELS[p.paymentStatus] },
  { header: 'Monto', cell: (p) => formatMoney(p.amount), numeric: true },
];

function RecentPayments({ payments }: { payments: PaymentItem[] }) {
  return (
    <PanelTable
      label="Tabla de los últimos pagos"
      caption={`Los últimos ${RECENT} pagos`}
      columns={RECENT_COLUMNS}
      rows={payments}
      rowKey={(p) => p.id}
    />
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

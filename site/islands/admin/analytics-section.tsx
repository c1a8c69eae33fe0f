// Estadísticas de visitas: the consent-based visitor summary (today and the last 30 days, Buenos Aires days), the
// daily chart, and the top pages, sources (direct visits, search engines, social sites, links) and the devices and
// browsers of the period.
import { useMemo, type ReactNode } from 'react';
import { formatCount } from '#shared/format.ts';
import { useExportList } from './panel-export.ts';
import DailyChart from './daily-chart.tsx';
import PanelTable, { type PanelColumn } from './panel-table.tsx';
import type { AnalyticsSummary } from '#shared/contracts/staff/analytics.ts';

const DEVICE_LABELS: Record<string, string> = { mobile: 'Celular', tablet: 'Tablet', desktop: 'Computadora' };
const SOURCE_LABELS: Record<string, string> = { direct: 'Directo' };
// The media site/lib/analytics/attribution.ts gives, and common campaign ones; any other utm_medium shows as written.
const MEDIUM_LABELS: Record<string, string> = {
  organic: 'búsqueda',
  social: 'redes sociales',
  referral: 'enlace',
  campaign: 'campaña',
  email: 'email',
  cpc: 'anuncio pago',
};
const label = (labels: Record<string, string>, value: string) => labels[value] ?? value;

export default function AnalyticsSection({ summary }: { summary: AnalyticsSummary }) {
  useExportList(
    useMemo(
      () => ({
        name: 'visitas-por-dia',
        columns: ['Día', 'Páginas vistas', 'Visitantes únicos', 'Visitas'],
        rows: summary.daily.map((d) => [d.date, d.pageViews, d.visitors, d.visits]),
      }),
      [summary],
    ),
  );

  return (
    <section aria-labelledby="panel-section-title" className="panel__section">
      <h1 id="panel-section-title" tabIndex={-1}>
        Estadísticas de visitas
      </h1>
      <p className="panel__lead">Solo visitantes que aceptaron las cookies de análisis. Días de Buenos Aires.</p>
      <ul className="panel__cards">
        <Figure label="Visitantes únicos hoy" value={summary.uniqueVisitorsToday} />
        <Figure label="Páginas vistas hoy" value={summary.pageViewsToday} />
        <Figure label="Visitantes únicos (30 días)" value={summary.uniqueVisitors30Days} />
        <Figure label="Páginas vistas (30 días)" value={summary.pageViews30Days} />
      </ul>
      <DailyChart days={summary.daily} />
      <div className="panel__columns">
        <Ranking
          title="Páginas más vistas"
          columns={['Página', 'Vistas']}
          rows={summary.topPages.map((p) => [<PageCell key="p" title={p.page_title} url={p.page_url} />, p.views])}
        />
        <Ranking
          title="Fuentes de tráfico"
          columns={['Fuente / medio', 'Visitas']}
          rows={summary.trafficSources.map((s) => [
            // A direct visit has no medium ('none').
            s.medium === 'none' ? label(SOURCE_LABELS, s.source) : `${label(SOURCE_LABELS, s.source)} / ${label(MEDIUM_LABELS, s.medium)}`,
            s.visits,
          ])}
        />
        <Ranking
          title="Dispositivos"
          columns={['Dispositivo', 'Visitas']}
          rows={summary.devices.map((d) => [label(DEVICE_LABELS, d.device_type), d.count])}
        />
        <Ranking title="Navegadores" columns={['Navegador', 'Visitas']} rows={summary.browsers.map((b) => [b.browser, b.count])} />
      </div>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <li className="card panel__card">
      <span className="panel__card-label">{label}</span>
      <strong className="panel__card-value">{formatCount(value)}</strong>
    </li>
  );
}

function PageCell({ title, url }: { title: string; url: string }) {
  return (
    <>
      {title || url}
      <span className="panel__muted panel__block">{url}</span>
    </>
  );
}

function Ranking(props: { title: string; columns: [string, string]; rows: [ReactNode, number][] }) {
  const columns: PanelColumn<{ name: ReactNode; n: number }>[] = [
    { header: props.columns[0], cell: (r) => r.name, rowHeader: true, breakAnywhere: true },
    { header: props.columns[1], cell: (r) => formatCount(r.n), numeric: true },
  ];
  return (
    <div className="panel__ranking">
      <h2>{props.title}</h2>
      {props.rows.length === 0 ? (
        <p className="panel__muted">Sin datos en los últimos 30 días.</p>
      ) : (
        <PanelTable
          label={`Tabla de ${props.title.charAt(0).toLowerCase()}${props.title.slice(1)}`}
          caption={props.title}
          columns={columns}
          rows={props.rows.map(([name, n], i) => ({ i, name, n }))}
          rowKey={(r) => r.i}
        />
      )}
    </div>
  );
}

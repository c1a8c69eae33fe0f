// One ad's statistics (docs/decisions/034-ad-statistics.md): the funnel (appearances → views → contacts) with its
// rates, the median ad of the same category and plan beside it, a daily chart with the spans of paid plans and the
// "Disponible ahora" windows marked (daily-chart.tsx), each cover photo's figures (cover-comparison.tsx), and the same
// figures in a table. Rendered on the server by the advertiser's page (no JavaScript) and in the browser by the admin
// panel.
import { formatCount } from '#shared/format.ts';
import { categoryLabel } from '#shared/format.ts';
import { PLANS, labelOf } from '#shared/catalogue.ts';
import { formatRate, type AdStats, type DailyCounts } from '#shared/ad-stats.ts';
import DailyChart, { dayLabel } from './daily-chart.tsx';
import CoverComparison from './cover-comparison.tsx';
import './ad-stats.css';

interface Totals {
  totals: AdStats['totals'];
  contacts: { phone: number; whatsapp: number };
}

/** Appearances → views → contacts, with the rates between them. */
function Funnel({ totals, contacts }: Totals) {
  return (
    <dl className="stats__funnel">
      <div className="stats__step">
        <dt>Apariciones en búsquedas</dt>
        <dd>
          <strong>{formatCount(totals.impressions)}</strong>
        </dd>
      </div>
      <div className="stats__step">
        <dt>Visitas al aviso</dt>
        <dd>
          <strong>{formatCount(totals.views)}</strong>
          <span>Tasa de clics: {formatRate(totals.views, totals.impressions)}</span>
        </dd>
      </div>
      <div className="stats__step">
        <dt>Contactos</dt>
        <dd>
          <strong>{formatCount(totals.contacts)}</strong>
          <span>
            {formatCount(contacts.phone)} por teléfono · {formatCount(contacts.whatsapp)} por WhatsApp
          </span>
          <span>{formatRate(totals.contacts, totals.views)} de las visitas</span>
        </dd>
      </div>
    </dl>
  );
}

/** This ad beside the median ad of its category and plan. */
function MedianComparison({ stats, title }: { stats: AdStats; title?: string }) {
  const { totals, median } = stats;
  const tier = `${categoryLabel(median.category)} · plan ${labelOf(PLANS, median.plan)}`;
  return (
    <div className="stats__table-wrap" tabIndex={0} role="region" aria-label="Comparación con la mediana">
      <table className="stats__table stats__compare">
        <caption>
          Comparado con el aviso mediano de {tier} ({formatCount(median.ads)} {median.ads === 1 ? 'aviso publicado' : 'avisos publicados'})
        </caption>
        <thead>
          <tr>
            <th scope="col">En los últimos {stats.period} días</th>
            <th scope="col" className="num">
              {title ? 'Este aviso' : 'Tu aviso'}
            </th>
            <th scope="col" className="num">
              Mediana
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Apariciones</th>
            <td className="num">{formatCount(totals.impressions)}</td>
            <td className="num">{formatCount(median.impressions)}</td>
          </tr>
          <tr>
            <th scope="row">Visitas</th>
            <td className="num">{formatCount(totals.views)}</td>
            <td className="num">{formatCount(median.views)}</td>
          </tr>
          <tr>
            <th scope="row">Contactos</th>
            <td className="num">{formatCount(totals.contacts)}</td>
            <td className="num">{formatCount(median.contacts)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** "Ver los datos por día": the chart's figures as a table, newest day first. */
function DailyTable({ days }: { days: DailyCounts[] }) {
  return (
    <details className="stats__details">
      <summary>Ver los datos por día</summary>
      <div className="stats__table-wrap" tabIndex={0} role="region" aria-label="Datos por día">
        <table className="stats__table">
          <thead>
            <tr>
              <th scope="col">Día</th>
              <th scope="col" className="num">
                Apariciones
              </th>
              <th scope="col" className="num">
                Visitas
              </th>
              <th scope="col" className="num">
                Teléfono
              </th>
              <th scope="col" className="num">
                WhatsApp
              </th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((d) => (
              <tr key={d.day}>
                <th scope="row">{dayLabel(d.day)}</th>
                <td className="num">{formatCount(d.impressions)}</td>
                <td className="num">{formatCount(d.views)}</td>
                <td className="num">{formatCount(d.phoneReveals)}</td>
                <td className="num">{formatCount(d.whatsappOpens)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export default function AdStatsView({ stats, title }: { stats: AdStats; title?: string }) {
  const { days, totals } = stats;
  const contacts = days.reduce((sum, d) => ({ phone: sum.phone + d.phoneReveals, whatsapp: sum.whatsapp + d.whatsappOpens }), {
    phone: 0,
    whatsapp: 0,
  });

  return (
    <div className="stats">
      <Funnel totals={totals} contacts={contacts} />

      <MedianComparison stats={stats} title={title} />

      <CoverComparison stats={stats} staff={Boolean(title)} />

      <DailyChart stats={stats} />

      <DailyTable days={days} />
    </div>
  );
}

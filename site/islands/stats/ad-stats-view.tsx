// One ad's statistics (docs/decisions/034-ad-statistics.md): the funnel (appearances → views → contacts) with its
// rates, the median ad of the same category and plan beside it, a daily chart with the spans of paid plans and the
// "Disponible ahora" windows marked, and the same figures in a table. Rendered on the server by the advertiser's
// page (no JavaScript) and in the browser by the admin panel.
import { formatCount } from '#shared/format.ts';
import { categoryLabel } from '#shared/format.ts';
import { PLANS, labelOf } from '#shared/catalogue.ts';
import { formatRate, type AdStats, type DailyCounts, type StatsMarker } from '#shared/ad-stats.ts';
import { buenosAiresDate } from '#shared/dates.ts';
import './ad-stats.css';

const WIDTH = 720;
const ROW = 72;
const LANE = 18;

const SERIES = [
  { key: 'impressions', label: 'Apariciones en búsquedas', value: (d: DailyCounts) => d.impressions },
  { key: 'views', label: 'Visitas al aviso', value: (d: DailyCounts) => d.views },
  { key: 'contacts', label: 'Contactos (teléfono y WhatsApp)', value: (d: DailyCounts) => d.phoneReveals + d.whatsappOpens },
] as const;

const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
const timeLabel = new Intl.DateTimeFormat('es-AR', {
  timeZone: 'America/Argentina/Buenos_Aires',
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** The markers that touch the period, with the first and last day index they cover. */
function placeMarkers(markers: StatsMarker[], days: DailyCounts[]) {
  const first = days[0]?.day ?? '';
  const last = days.at(-1)?.day ?? '';
  const indexOf = (day: string) => days.findIndex((d) => d.day === day);
  return markers.flatMap((m) => {
    const from = buenosAiresDate(new Date(m.from));
    const until = buenosAiresDate(new Date(m.until));
    if (until < first || from > last) return [];
    return [{ ...m, start: from < first ? 0 : indexOf(from), end: until > last ? days.length - 1 : indexOf(until) }];
  });
}

function markerText(m: StatsMarker): string {
  const span = `del ${timeLabel.format(new Date(m.from))} al ${timeLabel.format(new Date(m.until))}`;
  return m.kind === 'plan' ? `Plan ${labelOf(PLANS, m.plan ?? 'gratuito')} ${span}` : `Disponible ahora ${span}`;
}

export default function AdStatsView({ stats, title }: { stats: AdStats; title?: string }) {
  const { days, totals, median } = stats;
  const slot = WIDTH / Math.max(1, days.length);
  const placed = placeMarkers(stats.markers, days);
  const plans = placed.filter((m) => m.kind === 'plan');
  const windows = placed.filter((m) => m.kind === 'available');
  const tier = `${categoryLabel(median.category)} · plan ${labelOf(PLANS, median.plan)}`;
  const contacts = days.reduce((sum, d) => ({ phone: sum.phone + d.phoneReveals, whatsapp: sum.whatsapp + d.whatsappOpens }), {
    phone: 0,
    whatsapp: 0,
  });

  return (
    <div className="stats">
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

      <div className="stats__table-wrap" tabIndex={0} role="region" aria-label="Comparación con la mediana">
        <table className="stats__table stats__compare">
          <caption>
            Comparado con el aviso mediano de {tier} ({formatCount(median.ads)} {median.ads === 1 ? 'aviso publicado' : 'avisos publicados'}
            )
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

      <figure className="stats__chart">
        <figcaption>
          Por día, del {dayLabel(stats.from)} al {dayLabel(stats.to)}
          {plans.length > 0 && ' · en dorado, los días con plan pago'}
          {windows.length > 0 && ' · en verde, los momentos con «Disponible ahora»'}
          <span className="visually-hidden"> (las mismas cifras están en «Ver los datos por día»)</span>
        </figcaption>
        {SERIES.map((series) => {
          const values = days.map(series.value);
          const max = Math.max(1, ...values);
          return (
            <div key={series.key} className={`stats__series stats__series--${series.key}`}>
              <p className="stats__series-label">
                {series.label} <span>(máximo {formatCount(Math.max(0, ...values))} en un día)</span>
              </p>
              {/* Stretched to the width of the page (preserveAspectRatio none): the labels are HTML, so they stay readable on a phone. */}
              <svg viewBox={`0 0 ${WIDTH} ${ROW}`} preserveAspectRatio="none" aria-hidden="true">
                {plans.map((m, i) => (
                  <rect
                    key={`plan-${i}`}
                    x={m.start * slot}
                    y={0}
                    width={(m.end - m.start + 1) * slot}
                    height={ROW}
                    className="stats__plan-band"
                  >
                    <title>{markerText(m)}</title>
                  </rect>
                ))}
                <line x1={0} y1={ROW} x2={WIDTH} y2={ROW} className="stats__axis" />
                {days.map((d, i) => {
                  const height = (values[i]! / max) * (ROW - 4);
                  return height > 0 ? (
                    <rect key={d.day} x={i * slot + slot * 0.15} y={ROW - height} width={slot * 0.7} height={height} className="stats__bar">
                      <title>{`${dayLabel(d.day)}: ${formatCount(values[i]!)}`}</title>
                    </rect>
                  ) : null;
                })}
              </svg>
            </div>
          );
        })}
        {windows.length > 0 && (
          <svg viewBox={`0 0 ${WIDTH} ${LANE}`} preserveAspectRatio="none" aria-hidden="true" className="stats__lane">
            {windows.map((m, i) => (
              <rect
                key={i}
                x={m.start * slot + slot * 0.1}
                y={4}
                width={(m.end - m.start + 1) * slot - slot * 0.2}
                height={LANE - 8}
                className="stats__window"
              >
                <title>{markerText(m)}</title>
              </rect>
            ))}
          </svg>
        )}
        <div className="stats__days" aria-hidden="true">
          {[days[0], days[Math.floor(days.length / 2)], days.at(-1)].map((d, i) => (d ? <span key={i}>{dayLabel(d.day)}</span> : null))}
        </div>
        {placed.length > 0 && (
          <ul className="stats__markers">
            {placed.map((m, i) => (
              <li key={i} className={`stats__marker stats__marker--${m.kind}`}>
                {markerText(m)}
              </li>
            ))}
          </ul>
        )}
      </figure>

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
    </div>
  );
}

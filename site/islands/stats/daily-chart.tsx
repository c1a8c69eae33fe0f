// The daily chart of one ad's statistics: a bar chart per series (appearances, views, contacts) with the days of
// paid plans behind the bars, a lane of the "Disponible ahora" windows, and the marks listed in words.
import { formatCount } from '#shared/format.ts';
import { PLANS, labelOf } from '#shared/catalogue.ts';
import type { AdStats, DailyCounts, StatsMarker } from '#shared/ad-stats.ts';
import { buenosAiresDate } from '#shared/dates.ts';

const WIDTH = 720;
const ROW = 72;
const LANE = 18;

const SERIES = [
  { key: 'impressions', label: 'Apariciones en búsquedas', value: (d: DailyCounts) => d.impressions },
  { key: 'views', label: 'Visitas al aviso', value: (d: DailyCounts) => d.views },
  { key: 'contacts', label: 'Contactos (teléfono y WhatsApp)', value: (d: DailyCounts) => d.phoneReveals + d.whatsappOpens },
] as const;

export const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
const timeLabel = new Intl.DateTimeFormat('es-AR', {
  timeZone: 'America/Argentina/Buenos_Aires',
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
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

type PlacedMarker = ReturnType<typeof placeMarkers>[number];

interface SeriesChartProps {
  series: (typeof SERIES)[number];
  days: DailyCounts[];
  plans: PlacedMarker[];
  /** The width of one day. */
  slot: number;
}

function SeriesChart({ series, days, plans, slot }: SeriesChartProps) {
  const values = days.map(series.value);
  const max = Math.max(1, ...values);
  return (
    <div className={`stats__series stats__series--${series.key}`}>
      <p className="stats__series-label">
        {series.label} <span>(máximo {formatCount(Math.max(0, ...values))} en un día)</span>
      </p>
      {/* Stretched to the width of the page (preserveAspectRatio none): the labels are HTML, so they stay readable on a phone. */}
      <svg viewBox={`0 0 ${WIDTH} ${ROW}`} preserveAspectRatio="none" aria-hidden="true">
        {plans.map((m, i) => (
          <rect key={`plan-${i}`} x={m.start * slot} y={0} width={(m.end - m.start + 1) * slot} height={ROW} className="stats__plan-band">
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
}

export default function DailyChart({ stats }: { stats: AdStats }) {
  const { days } = stats;
  const slot = WIDTH / Math.max(1, days.length);
  const placed = placeMarkers(stats.markers, days);
  const plans = placed.filter((m) => m.kind === 'plan');
  const windows = placed.filter((m) => m.kind === 'available');
  return (
    <figure className="stats__chart">
      <figcaption>
        Por día, del {dayLabel(stats.from)} al {dayLabel(stats.to)}
        {plans.length > 0 && ' · en dorado, los días con plan pago'}
        {windows.length > 0 && ' · en verde, los momentos con «Disponible ahora»'}
        <span className="visually-hidden"> (las mismas cifras están en «Ver los datos por día»)</span>
      </figcaption>
      {SERIES.map((series) => (
        <SeriesChart key={series.key} series={series} days={days} plans={plans} slot={slot} />
      ))}
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
  );
}

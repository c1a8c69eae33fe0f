// The analytics chart: page views per day over the last 30 days as SVG bars, with the same figures in a table
// for screen readers and for anyone who wants the numbers.
import { formatCount } from '#shared/format.ts';
import PanelTable, { type PanelColumn } from './panel-table.tsx';

interface Day {
  date: string;
  pageViews: number;
  visitors: number;
}

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 18;
const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;
const DAY_COLUMNS: PanelColumn<Day>[] = [
  { header: 'Día', cell: (d) => dayLabel(d.date), rowHeader: true, nowrap: true },
  { header: 'Páginas vistas', cell: (d) => formatCount(d.pageViews), numeric: true },
  { header: 'Visitantes únicos', cell: (d) => formatCount(d.visitors), numeric: true },
];

export default function DailyChart({ days }: { days: Day[] }) {
  const busiest = Math.max(0, ...days.map((d) => d.pageViews));
  const max = Math.max(1, busiest);
  const slot = WIDTH / Math.max(1, days.length);
  const plot = HEIGHT - AXIS;
  return (
    <figure className="panel__chart">
      <figcaption>
        Páginas vistas por día (últimos {days.length} días
        {busiest > 0 ? `; el día de más tráfico tuvo ${formatCount(busiest)}` : ': todavía no hay visitas registradas'})
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label="Gráfico de páginas vistas por día; los datos están en la tabla siguiente"
      >
        <line x1="0" y1={plot} x2={WIDTH} y2={plot} className="panel__chart-axis" />
        {days.map((d, i) => {
          const height = (d.pageViews / max) * (plot - 4);
          return (
            <rect key={d.date} x={i * slot + slot * 0.15} y={plot - height} width={slot * 0.7} height={height} className="panel__chart-bar">
              <title>{`${dayLabel(d.date)}: ${formatCount(d.pageViews)} páginas vistas`}</title>
            </rect>
          );
        })}
        {days.map((d, i) =>
          i % 5 === 0 || i === days.length - 1 ? (
            <text
              key={d.date}
              x={i === 0 ? 0 : i === days.length - 1 ? WIDTH : i * slot + slot / 2}
              y={HEIGHT - 4}
              textAnchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}
              className="panel__chart-label"
            >
              {dayLabel(d.date)}
            </text>
          ) : null,
        )}
      </svg>
      <details>
        <summary>Ver los datos por día</summary>
        <PanelTable
          label="Tabla de páginas vistas por día"
          caption="Páginas vistas y visitantes únicos por día"
          columns={DAY_COLUMNS}
          rows={days}
          rowKey={(d) => d.date}
        />
      </details>
    </figure>
  );
}

// "Portadas": what each cover photo of the ad got over the period (docs/decisions/034-ad-statistics.md, amended 2026-11-28), its
// appearances, visits and click-through rate, with the best rate said in words. Shown once the ad has had more than
// one cover in the period; with one, a hint. A table with explicit roles: on a phone its rows stack as cards
// (ad-stats.css), and the roles keep it a table to screen readers whatever the display.
import { formatCount } from '#shared/format.ts';
import { bestCover, formatRate, type AdStats, type CoverStats } from '#shared/ad-stats.ts';
import { dayLabel } from './daily-chart.tsx';

/** "3 días (22/11 al 24/11)": the range on a line of its own. */
function Days({ cover: c }: { cover: CoverStats }) {
  const range = c.firstDay === c.lastDay ? dayLabel(c.firstDay) : `${dayLabel(c.firstDay)} al ${dayLabel(c.lastDay)}`;
  return (
    <span>
      {formatCount(c.days)} {c.days === 1 ? 'día' : 'días'} <span className="stats__range">({range})</span>
    </span>
  );
}

function CoverCell({ cover, name, best }: { cover: CoverStats; name: string; best: boolean }) {
  return (
    <th scope="row" role="rowheader">
      <span className="stats__cover">
        {cover.thumbnail ? (
          <img src={cover.thumbnail} alt="" width={56} height={56} loading="lazy" />
        ) : (
          <span className="stats__cover-gone">Foto eliminada</span>
        )}
        <span className="stats__cover-name">
          {name}
          {cover.current ? <span> (actual)</span> : null}
          {best ? <strong className="stats__best">Mejor tasa de clics</strong> : null}
        </span>
      </span>
    </th>
  );
}

/** `staff`: the panel's view, which speaks of "este aviso" and suggests nothing. */
export default function CoverComparison({ stats, staff = false }: { stats: AdStats; staff?: boolean }) {
  const { covers } = stats;
  if (covers.length === 0) return null;
  if (covers.length === 1)
    return staff ? (
      <p className="stats__hint">Este aviso tuvo una sola portada en estos {stats.period} días.</p>
    ) : (
      <p className="stats__hint">
        Tu aviso tuvo una sola portada en estos {stats.period} días. Cambiá la portada (la primera foto) para comparar cuál atrae más
        visitas.
      </p>
    );
  const best = bestCover(covers);
  const name = (c: CoverStats) => `Portada ${covers.indexOf(c) + 1}`;
  return (
    <section className="stats__covers" aria-labelledby="stats-covers-title">
      <h2 id="stats-covers-title">Portadas</h2>
      <p>
        {best
          ? `${name(best)} tuvo la mejor tasa de clics: ${formatRate(best.views, best.impressions)} de sus apariciones terminaron en una visita.`
          : 'Ninguna portada tuvo una tasa de clics mejor que las demás.'}
      </p>
      <table className="stats__table stats__cover-table" role="table">
        <caption>Cada portada en los últimos {stats.period} días</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              Portada
            </th>
            <th scope="col" role="columnheader">
              Días como portada
            </th>
            <th scope="col" role="columnheader" className="num">
              Apariciones
            </th>
            <th scope="col" role="columnheader" className="num">
              Visitas
            </th>
            <th scope="col" role="columnheader" className="num">
              Tasa de clics
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {covers.map((c) => (
            <tr key={c.photoId} role="row" className={c === best ? 'stats__cover-row is-best' : 'stats__cover-row'}>
              <CoverCell cover={c} name={name(c)} best={c === best} />
              <td role="cell" data-label="Días como portada">
                <Days cover={c} />
              </td>
              <td role="cell" data-label="Apariciones" className="num">
                {formatCount(c.impressions)}
              </td>
              <td role="cell" data-label="Visitas" className="num">
                {formatCount(c.views)}
              </td>
              <td role="cell" data-label="Tasa de clics" className="num">
                {formatRate(c.views, c.impressions)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="stats__hint">
        La portada es la primera foto del aviso. Sus días son los días en que el aviso apareció o tuvo visitas con esa foto primero.
      </p>
    </section>
  );
}

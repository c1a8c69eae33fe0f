// Anuncios: an ad's statistics in a dialog, as its advertiser sees them, for 30 or 90 days (loaded when opened).
import { useEffect, useState } from 'react';
import { ApiError, getData, serverMessage } from '#site/lib/admin-api.ts';
import AdStatsView from '#site/islands/stats/ad-stats-view.tsx';
import PanelDialog from './panel-dialog.tsx';
import { STATS_PERIODS, type AdStats, type StatsPeriod } from '#shared/ad-stats.ts';

export default function AdStatsDialog(props: {
  ad: { id: number; title: string } | null;
  onClose: () => void;
  onUnauthorized: () => void;
}) {
  const { ad, onUnauthorized } = props;
  const [period, setPeriod] = useState<StatsPeriod>(30);
  const [loaded, setLoaded] = useState<{ key: string; stats: AdStats | null; error: string | null } | null>(null);
  const key = ad ? `${ad.id}/${period}` : '';

  useEffect(() => {
    if (!ad) return;
    let current = true;
    getData<AdStats>(`ads/${ad.id}/stats?periodo=${period}`).then(
      (stats) => current && setLoaded({ key: `${ad.id}/${period}`, stats, error: null }),
      (err: unknown) => {
        if (!current) return;
        if (err instanceof ApiError && err.status === 401) onUnauthorized();
        setLoaded({ key: `${ad.id}/${period}`, stats: null, error: serverMessage(err) ?? 'No se pudieron cargar las estadísticas.' });
      },
    );
    return () => {
      current = false;
    };
  }, [ad, period, onUnauthorized]);

  const shown = loaded?.key === key ? loaded : null;
  return (
    <PanelDialog title={ad ? `Estadísticas de «${ad.title}»` : 'Estadísticas'} open={ad !== null} onClose={props.onClose}>
      <div className="panel__form-actions" role="group" aria-label="Período">
        {STATS_PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            className={p === period ? 'btn btn-primary' : 'btn btn-outline'}
            aria-pressed={p === period}
            onClick={() => setPeriod(p)}
          >
            Últimos {p} días
          </button>
        ))}
      </div>
      {!shown && <p role="status">Cargando…</p>}
      {shown?.error && (
        <p className="form-error" role="alert">
          {shown.error}
        </p>
      )}
      {shown?.stats && <AdStatsView stats={shown.stats} title={ad?.title} />}
      <div className="panel__form-actions">
        <button type="button" className="btn btn-outline" onClick={props.onClose}>
          Cerrar
        </button>
      </div>
    </PanelDialog>
  );
}

// "Disponible ahora" and "Hoy no atiendo" for one published ad (docs/decisions/032-available-now.md): one tap for 1,
// 2 or 4 hours, "Disponible hasta HH:MM" while on with a way to end it early, and the day off until midnight, which
// can be undone. Used in 'Mis anuncios' and on /mi-cuenta/disponible (the installed app's shortcut).
import { useEffect, useState } from 'react';
import { callApi } from '#site/lib/api-client.ts';
import { AVAILABLE_HOURS, DAILY_AVAILABLE_WINDOWS, formatClockTime, type AdAvailability } from '#shared/available-now.ts';

type Action = { kind: 'start'; hours: number } | { kind: 'end' } | { kind: 'off' } | { kind: 'undo-off' };

const CALLS: Record<Action['kind'], [method: string, path: string]> = {
  start: ['POST', 'available'],
  end: ['DELETE', 'available'],
  off: ['POST', 'off'],
  'undo-off': ['DELETE', 'off'],
};

const hoursLabel = (hours: number) => (hours === 1 ? '1 hora' : `${hours} horas`);
const pending = (until: string | null, now: number) => until !== null && Date.parse(until) > now;

export default function AvailableNow(props: { adId: number; title: string; availability: AdAvailability }) {
  const [state, setState] = useState(props.availability);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error?: boolean } | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // The window ends by itself (and the day off at midnight): the buttons come back then without a reload.
  const nextEnd = [state.availableUntil, state.offUntil].filter((u) => pending(u, now)).map((u) => Date.parse(u!));
  const wakeAt = nextEnd.length ? Math.min(...nextEnd) : null;
  useEffect(() => {
    if (wakeAt === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wakeAt - Date.now() + 500, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [wakeAt]);

  async function act(action: Action) {
    setBusy(true);
    setNotice(null);
    try {
      const [method, path] = CALLS[action.kind];
      const body = action.kind === 'start' ? { hours: action.hours } : undefined;
      const next = await callApi<AdAvailability>(method, `/api/advertiser/ads/${props.adId}/${path}`, body);
      setState(next);
      setNotice({
        text:
          action.kind === 'start'
            ? `Listo: aparecés como disponible hasta las ${formatClockTime(next.availableUntil!)}.`
            : action.kind === 'end'
              ? 'Terminaste «Disponible ahora».'
              : action.kind === 'off'
                ? 'Listo: hoy no aparecés en «Disponible ahora» ni en «Hoy».'
                : 'Deshiciste «Hoy no atiendo»: tu horario vuelve a contar.',
      });
    } catch (err) {
      setNotice({ text: err instanceof Error ? err.message : 'No se pudo completar la acción.', error: true });
    } finally {
      setBusy(false);
    }
  }

  const on = pending(state.availableUntil, now);
  const off = pending(state.offUntil, now);
  const named = <span className="visually-hidden"> «{props.title}»</span>;

  return (
    <div className="available-now" role="group" aria-label={`Disponibilidad de «${props.title}»`}>
      {off ? (
        <>
          <p className="available-now__state">Hoy no atendés: no aparecés en «Disponible ahora» ni en «Hoy» hasta la medianoche.</p>
          <span className="form-actions">
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void act({ kind: 'undo-off' })}>
              Deshacer «Hoy no atiendo»{named}
            </button>
          </span>
        </>
      ) : on ? (
        <>
          <p className="available-now__state available-now__state--on">Disponible hasta las {formatClockTime(state.availableUntil!)}</p>
          <span className="form-actions">
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void act({ kind: 'end' })}>
              Terminar ahora{named}
            </button>
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void act({ kind: 'off' })}>
              Hoy no atiendo{named}
            </button>
          </span>
        </>
      ) : (
        <>
          <p className="available-now__state">
            Disponible ahora
            <span className="form-hint">
              {state.windowsLeftToday > 0
                ? ` · te ${state.windowsLeftToday === 1 ? 'queda 1 vez' : `quedan ${state.windowsLeftToday} veces`} hoy (de ${DAILY_AVAILABLE_WINDOWS})`
                : ` · ya lo usaste ${DAILY_AVAILABLE_WINDOWS} veces hoy; mañana podés volver a activarlo`}
            </span>
          </p>
          <span className="form-actions">
            {AVAILABLE_HOURS.map((hours) => (
              <button
                key={hours}
                type="button"
                className="btn btn-primary"
                disabled={busy || state.windowsLeftToday === 0}
                onClick={() => void act({ kind: 'start', hours })}
              >
                {hoursLabel(hours)}
                <span className="visually-hidden"> disponible, «{props.title}»</span>
              </button>
            ))}
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void act({ kind: 'off' })}>
              Hoy no atiendo{named}
            </button>
          </span>
        </>
      )}
      {notice && (
        <span className={notice.error ? 'form-error' : 'form-hint'} role="status">
          {notice.text}
        </span>
      )}
    </div>
  );
}

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

/**
 * Now, as of the last render, and again once the first of `untils` still ahead has passed: the window ends by itself
 * (and the day off at midnight), and the buttons come back then without a reload.
 */
function useNow(untils: (string | null)[]): number {
  const [now, setNow] = useState(() => Date.now());
  const nextEnd = untils.filter((u) => pending(u, now)).map((u) => Date.parse(u!));
  const wakeAt = nextEnd.length ? Math.min(...nextEnd) : null;
  useEffect(() => {
    if (wakeAt === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wakeAt - Date.now() + 500, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [wakeAt]);
  return now;
}

/** What an action did, as the advertiser reads it. */
function doneText(action: Action, next: AdAvailability): string {
  return action.kind === 'start'
    ? `Listo: aparecés como disponible hasta las ${formatClockTime(next.availableUntil!)}.`
    : action.kind === 'end'
      ? 'Terminaste «Disponible ahora».'
      : action.kind === 'off'
        ? 'Listo: hoy no aparecés en «Disponible ahora» ni en «Hoy».'
        : 'Deshiciste «Hoy no atiendo»: tu horario vuelve a contar.';
}

/** The ad's title for screen readers, after a button's own text. */
const Named = ({ title }: { title: string }) => <span className="visually-hidden"> «{title}»</span>;

export default function AvailableNow(props: { adId: number; title: string; availability: AdAvailability }) {
  const [state, setState] = useState(props.availability);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error?: boolean } | null>(null);

  const now = useNow([state.availableUntil, state.offUntil]);

  async function act(action: Action) {
    setBusy(true);
    setNotice(null);
    try {
      const [method, path] = CALLS[action.kind];
      const body = action.kind === 'start' ? { hours: action.hours } : undefined;
      const next = await callApi<AdAvailability>(method, `/api/advertiser/ads/${props.adId}/${path}`, body);
      setState(next);
      setNotice({ text: doneText(action, next) });
    } catch (err) {
      setNotice({ text: err instanceof Error ? err.message : 'No se pudo completar la acción.', error: true });
    } finally {
      setBusy(false);
    }
  }

  const on = pending(state.availableUntil, now);
  const off = pending(state.offUntil, now);

  return (
    <div className="available-now" role="group" aria-label={`Disponibilidad de «${props.title}»`}>
      {off ? (
        <>
          <p className="available-now__state">Hoy no atendés: no aparecés en «Disponible ahora» ni en «Hoy» hasta la medianoche.</p>
          <span className="form-actions">
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void act({ kind: 'undo-off' })}>
              Deshacer «Hoy no atiendo»
              <Named title={props.title} />
            </button>
          </span>
        </>
      ) : on ? (
        <>
          <p className="available-now__state available-now__state--on">Disponible hasta las {formatClockTime(state.availableUntil!)}</p>
          <span className="form-actions">
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void act({ kind: 'end' })}>
              Terminar ahora
              <Named title={props.title} />
            </button>
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void act({ kind: 'off' })}>
              Hoy no atiendo
              <Named title={props.title} />
            </button>
          </span>
        </>
      ) : (
        <StartOffer
          title={props.title}
          windowsLeftToday={state.windowsLeftToday}
          busy={busy}
          onStart={(hours) => void act({ kind: 'start', hours })}
          onOff={() => void act({ kind: 'off' })}
        />
      )}
      {notice && (
        <span className={notice.error ? 'form-error' : 'form-hint'} role="status">
          {notice.text}
        </span>
      )}
    </div>
  );
}

interface StartOfferProps {
  title: string;
  windowsLeftToday: number;
  busy: boolean;
  onStart: (hours: number) => void;
  onOff: () => void;
}

/** Neither on nor off: one tap for 1, 2 or 4 hours while today's windows last, or the day off. */
function StartOffer({ title, windowsLeftToday, busy, onStart, onOff }: StartOfferProps) {
  return (
    <>
      <p className="available-now__state">
        Disponible ahora
        <span className="form-hint">
          {windowsLeftToday > 0
            ? ` · te ${windowsLeftToday === 1 ? 'queda 1 vez' : `quedan ${windowsLeftToday} veces`} hoy (de ${DAILY_AVAILABLE_WINDOWS})`
            : ` · ya lo usaste ${DAILY_AVAILABLE_WINDOWS} veces hoy; mañana podés volver a activarlo`}
        </span>
      </p>
      <span className="form-actions">
        {AVAILABLE_HOURS.map((hours) => (
          <button
            key={hours}
            type="button"
            className="btn btn-primary"
            disabled={busy || windowsLeftToday === 0}
            onClick={() => onStart(hours)}
          >
            {hoursLabel(hours)}
            <span className="visually-hidden"> disponible, «{title}»</span>
          </button>
        ))}
        <button type="button" className="btn btn-outline" disabled={busy} onClick={onOff}>
          Hoy no atiendo
          <Named title={title} />
        </button>
      </span>
    </>
  );
}

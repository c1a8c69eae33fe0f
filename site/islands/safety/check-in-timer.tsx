// The check-in timer on /mi-cuenta/check-in (docs/decisions/041-check-in.md): the start form (the contact's e-mail,
// how they know the advertiser, how long, the message to share) and, while one runs, the time left with "Estoy
// bien", "Extender" and "Cancelar". The form is checked with the API's own schema before it is sent.
import { useEffect, useState, type FormEvent } from 'react';
import FormField from '#site/islands/forms/form-field.tsx';
import FieldError from '#site/islands/forms/field-error.tsx';
import { useFormSubmit } from '#site/islands/forms/use-form-submit.ts';
import { callApi } from '#site/lib/api-client.ts';
import { formatClockTime } from '#shared/available-now.ts';
import {
  CHECK_IN_EXTENSION_MINUTES,
  CHECK_IN_PRESETS,
  checkInBody,
  formatTimeLeft,
  MAX_CHECK_IN_MESSAGE,
  MAX_SHOWN_NAME,
  type CheckInState,
} from '#shared/check-in.ts';

const presetLabel = (minutes: number) => `${minutes / 60} ${minutes === 60 ? 'hora' : 'horas'}`;
const CUSTOM = 'otra';

export default function CheckInTimer(props: { checkIn: CheckInState | null; defaultName: string }) {
  const [checkIn, setCheckIn] = useState(props.checkIn);
  const [notice, setNotice] = useState<{ text: string; error?: boolean } | null>(null);
  return (
    <div className="check-in">
      {notice && (
        <p className={notice.error ? 'form-alert' : 'form-success'} role={notice.error ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {checkIn ? (
        <Running
          checkIn={checkIn}
          onChange={(next, text, error) => {
            setCheckIn(next);
            setNotice(text ? { text, error } : null);
          }}
        />
      ) : (
        <StartForm
          defaultName={props.defaultName}
          onStarted={(next, noticeSent) => {
            setCheckIn(next);
            setNotice(
              noticeSent
                ? { text: `Listo: el aviso está en marcha y le escribimos a ${next.contactEmail} para que sepa que lo elegiste.` }
                : {
                    text: `El aviso está en marcha, pero no pudimos escribirle a ${next.contactEmail}. Revisá la dirección: si está mal, cancelá y empezá de nuevo.`,
                    error: true,
                  },
            );
          }}
        />
      )}
    </div>
  );
}

interface DurationChoiceProps {
  error: string | undefined;
  /** A preset's minutes, or CUSTOM with hours and minutes chosen apart. */
  length: string;
  hours: string;
  extraMinutes: string;
  onLength: (length: string) => void;
  onHours: (hours: string) => void;
  onExtraMinutes: (minutes: string) => void;
}

/** "¿En cuánto tiempo confirmás que estás bien?": a preset, or another duration in hours and minutes. */
function DurationChoice({ error, length, hours, extraMinutes, onLength, onHours, onExtraMinutes }: DurationChoiceProps) {
  return (
    <fieldset className="choice-list" aria-describedby={error ? 'check-in-minutes-error' : undefined}>
      <legend>¿En cuánto tiempo confirmás que estás bien?</legend>
      {[...CHECK_IN_PRESETS.map(String), CUSTOM].map((value) => (
        <label key={value} className="choice">
          <input
            type="radio"
            name="check-in-length"
            id={value === CHECK_IN_PRESETS[0].toString() ? 'check-in-minutes' : undefined}
            value={value}
            checked={length === value}
            onChange={() => onLength(value)}
          />
          <span>{value === CUSTOM ? 'Otra duración' : presetLabel(Number(value))}</span>
        </label>
      ))}
      {length === CUSTOM && (
        <div className="check-in__custom">
          <label htmlFor="check-in-hours">Horas</label>
          <select id="check-in-hours" value={hours} onChange={(e) => onHours(e.target.value)}>
            {Array.from({ length: 13 }, (_, h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </select>
          <label htmlFor="check-in-extra-minutes">Minutos</label>
          <select id="check-in-extra-minutes" value={extraMinutes} onChange={(e) => onExtraMinutes(e.target.value)}>
            {[0, 15, 30, 45].map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          <span className="form-hint">Entre 30 minutos y 12 horas.</span>
        </div>
      )}
    </fieldset>
  );
}

function StartForm(props: { defaultName: string; onStarted: (checkIn: CheckInState, noticeSent: boolean) => void }) {
  const [contactEmail, setContactEmail] = useState('');
  const [shownName, setShownName] = useState(props.defaultName);
  const [length, setLength] = useState<string>(String(CHECK_IN_PRESETS[1]));
  const [hours, setHours] = useState('1');
  const [extraMinutes, setExtraMinutes] = useState('30');
  const [message, setMessage] = useState('');
  const form = useFormSubmit('check-in', {
    offline: 'No pudimos conectar con el servidor: el aviso no empezó. Revisá tu conexión y probá de nuevo.',
  });
  const { errors } = form;
  const minutes = length === CUSTOM ? Number(hours) * 60 + Number(extraMinutes) : Number(length);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = checkInBody.safeParse({ contactEmail, shownName, minutes, message });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      form.check(found);
      return;
    }
    void form.submit(async () => {
      const answer = await callApi<{ checkIn: CheckInState; noticeSent: boolean }>('POST', '/api/advertiser/check-in', parsed.data);
      props.onStarted(answer.checkIn, answer.noticeSent);
    });
  }

  const field = (name: string, set: (v: string) => void) => (value: string) => {
    set(value);
    form.clearError(name);
  };

  return (
    <form onSubmit={submit} className="account-form" noValidate>
      {form.problem && (
        <p className="form-alert" role="alert">
          {form.problem}
        </p>
      )}
      <FormField id="check-in-contactEmail" label="Email de tu contacto de confianza" error={errors.contactEmail}>
        <input
          type="email"
          autoComplete="off"
          maxLength={254}
          value={contactEmail}
          onChange={(e) => field('contactEmail', setContactEmail)(e.target.value)}
        />
      </FormField>
      <FormField id="check-in-shownName" label="Cómo te conoce tu contacto (va en el correo)" error={errors.shownName}>
        <input maxLength={MAX_SHOWN_NAME} value={shownName} onChange={(e) => field('shownName', setShownName)(e.target.value)} />
      </FormField>
      <DurationChoice
        error={errors.minutes}
        length={length}
        hours={hours}
        extraMinutes={extraMinutes}
        onLength={field('minutes', setLength)}
        onHours={field('minutes', setHours)}
        onExtraMinutes={field('minutes', setExtraMinutes)}
      />
      <FieldError id="check-in-minutes-error" message={errors.minutes} />
      <FormField id="check-in-message" label="Mensaje para tu contacto si no confirmás a tiempo" error={errors.message}>
        <textarea
          rows={5}
          maxLength={MAX_CHECK_IN_MESSAGE}
          value={message}
          placeholder="Por ejemplo: dónde vas a estar, con quién y un teléfono para comunicarse."
          onChange={(e) => field('message', setMessage)(e.target.value)}
        />
      </FormField>
      <p className="form-hint">
        Tu contacto solo recibe este mensaje si no tocás «Estoy bien» antes de la hora. Al empezar le avisamos que lo elegiste. Cuando el
        aviso termina, lo borramos: no guardamos ni el mensaje ni el email.
      </p>
      <button type="submit" className="btn btn-primary" disabled={form.busy}>
        {form.busy ? 'Empezando…' : 'Empezar'}
      </button>
    </form>
  );
}

type Action = 'done' | 'extend' | 'cancel';
const CALLS: Record<Action, [string, string]> = {
  done: ['POST', '/api/advertiser/check-in/done'],
  extend: ['POST', '/api/advertiser/check-in/extend'],
  cancel: ['DELETE', '/api/advertiser/check-in'],
};

function Running(props: { checkIn: CheckInState; onChange: (next: CheckInState | null, text?: string, error?: boolean) => void }) {
  const { checkIn } = props;
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(tick);
  }, []);
  const left = Date.parse(checkIn.dueAt) - now;

  async function act(action: Action) {
    setBusy(true);
    try {
      const [method, url] = CALLS[action];
      const answer = await callApi<{ checkIn: CheckInState | null }>(method, url);
      props.onChange(
        answer.checkIn,
        action === 'done'
          ? 'Qué bueno. Terminamos el aviso y lo borramos: tu contacto no recibe nada.'
          : action === 'cancel'
            ? 'Cancelaste el aviso. Lo borramos: tu contacto no recibe nada.'
            : `Extendiste el aviso ${CHECK_IN_EXTENSION_MINUTES} minutos: ahora vence a las ${formatClockTime(answer.checkIn!.dueAt)}.`,
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : 'No se pudo completar la acción.';
      // The timer is gone (its mail already sent, or ended elsewhere): show the form again with why.
      const gone = (err as { code?: string }).code === 'no_check_in';
      props.onChange(gone ? null : checkIn, message, true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="check-in__running" aria-labelledby="check-in-running-title">
      <h2 id="check-in-running-title">Aviso en marcha</h2>
      <p className="check-in__left" role="timer" aria-atomic="true">
        {left > 0 ? (
          <>
            Faltan <strong>{formatTimeLeft(left)}</strong> · vence a las {formatClockTime(checkIn.dueAt)}
          </>
        ) : (
          <strong>La hora ya pasó: si no confirmás ahora, le escribimos a tu contacto.</strong>
        )}
      </p>
      <p>
        Si no confirmás antes de las {formatClockTime(checkIn.dueAt)}, le escribimos a <strong>{checkIn.contactEmail}</strong> con tu
        mensaje:
      </p>
      <blockquote className="check-in__message">{checkIn.message}</blockquote>
      <div className="form-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void act('done')}>
          Estoy bien
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy || checkIn.extensionsLeft === 0 || left <= 0}
          onClick={() => void act('extend')}
        >
          Extender {CHECK_IN_EXTENSION_MINUTES} minutos
        </button>
        <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void act('cancel')}>
          Cancelar
        </button>
      </div>
      <p className="form-hint">
        {checkIn.extensionsLeft > 0
          ? `Podés extenderlo ${checkIn.extensionsLeft === 1 ? '1 vez más' : `${checkIn.extensionsLeft} veces más`}.`
          : 'Ya no se puede extender más.'}
      </p>
    </section>
  );
}

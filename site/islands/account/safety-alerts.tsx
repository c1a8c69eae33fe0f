// "Alertas" for verified advertisers (/mi-cuenta/alertas, docs/decisions/040-alertas.md): looking a number up before
// meeting, reporting an incident against a number, and the advertiser's own reports with what staff decided. The
// forms check with the API's own schemas (shared/safety-alerts.ts) before sending.
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import FieldError from '#site/islands/forms/field-error.tsx';
import FormField from '#site/islands/forms/form-field.tsx';
import { useFormSubmit, type FieldErrors } from '#site/islands/forms/use-form-submit.ts';
import { callApi } from '#site/lib/api-client.ts';
import { buenosAiresDate } from '#shared/dates.ts';
import {
  DESCRIPTION_MAX,
  earliestIncidentDate,
  formatAlertDate,
  lookupSchema,
  recencyText,
  reportSchema,
  SAFETY_ALERT_KINDS,
  SAFETY_ALERT_MONTHS,
  SAFETY_ALERT_STATUS_LABELS,
  safetyAlertKindLabel,
  type OwnSafetyAlert,
  type ReportInput,
  type SafetyAlertLookup,
} from '#shared/safety-alerts.ts';

const API = '/api/advertiser/safety-alerts';

/** The first message of each field a schema refused. */
function fieldErrors(error: z.ZodError): FieldErrors {
  const found: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    found[field] ??= issue.message;
  }
  return found;
}

const alertsText = (n: number) => (n === 1 ? '1 alerta aprobada' : `${n} alertas aprobadas`);

export default function SafetyAlerts(props: { own: OwnSafetyAlert[] }) {
  const [own, setOwn] = useState(props.own);
  return (
    <>
      <Lookup />
      <Report onFiled={(alert) => setOwn((list) => [alert, ...list])} />
      <section aria-labelledby="own-alerts" className="safety-alerts__section">
        <h2 id="own-alerts">Mis reportes</h2>
        {own.length === 0 ? (
          <p>Todavía no reportaste ningún incidente.</p>
        ) : (
          <>
            <p className="form-hint">
              No guardamos el número que reportaste, solo una huella cifrada: reconocé cada reporte por su fecha y su descripción.
            </p>
            <ul className="account-ads">
              {own.map((alert) => (
                <li key={alert.id}>
                  <strong>{safetyAlertKindLabel(alert.kind)}</strong>
                  <span className="account-ads__meta">
                    <span className="ad-state">{SAFETY_ALERT_STATUS_LABELS[alert.status]}</span> · reportado el{' '}
                    {formatAlertDate(buenosAiresDate(new Date(alert.createdAt)))}
                    {alert.incidentDate && ` · incidente del ${formatAlertDate(alert.incidentDate)}`}
                  </span>
                  <span className="safety-alerts__text">{alert.description}</span>
                  {alert.decisionReason && <span className="account-reason">Motivo: {alert.decisionReason}</span>}
                  <span className="account-ads__meta">Se borra el {formatAlertDate(buenosAiresDate(new Date(alert.expiresAt)))}.</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}

function Lookup() {
  const [phone, setPhone] = useState('');
  const [answer, setAnswer] = useState<SafetyAlertLookup | null>(null);
  const form = useFormSubmit('lookup', { fields: ['phone'] });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = lookupSchema.safeParse({ phone });
    if (!form.check(parsed.success ? {} : fieldErrors(parsed.error))) return;
    setAnswer(null);
    void form.submit(async () => setAnswer(await callApi<SafetyAlertLookup>('POST', `${API}/lookup`, { phone })));
  }

  return (
    <section aria-labelledby="lookup-title" className="safety-alerts__section">
      <h2 id="lookup-title">¿Este número tiene alertas?</h2>
      <form onSubmit={submit} className="account-form" noValidate>
        {form.problem && (
          <p className="form-alert" role="alert">
            {form.problem}
          </p>
        )}
        <FormField id="lookup-phone" label="Teléfono o enlace de WhatsApp" error={form.errors.phone}>
          <input
            type="text"
            inputMode="tel"
            autoComplete="off"
            maxLength={300}
            value={phone}
            onChange={(e) => {
              setPhone(e.target.value);
              form.clearError('phone');
            }}
          />
        </FormField>
        <button type="submit" className="btn btn-primary" disabled={form.busy}>
          {form.busy ? 'Consultando…' : 'Consultar'}
        </button>
      </form>
      <div role="status" className="safety-alerts__answer">
        {answer && <LookupAnswer answer={answer} />}
      </div>
    </section>
  );
}

function LookupAnswer({ answer }: { answer: SafetyAlertLookup }) {
  if (answer.total === 0) {
    return (
      <div className="form-success">
        <p>
          <strong>Sin alertas aprobadas en los últimos {SAFETY_ALERT_MONTHS} meses.</strong>
        </p>
        <p>Eso no garantiza que sea seguro: nadie lo reportó, o todavía no lo revisamos. Cuidate como siempre.</p>
      </div>
    );
  }
  return (
    <div className="form-alert safety-alerts__found">
      <p>
        <strong>
          Este número tiene {alertsText(answer.total)} en los últimos {SAFETY_ALERT_MONTHS} meses.
        </strong>
      </p>
      <ul className="safety-alerts__kinds">
        {answer.kinds.map((k) => (
          <li key={k.kind}>
            {k.label}: {k.count}
          </li>
        ))}
      </ul>
      {answer.newest && (
        <p>
          La más reciente: {recencyText(answer.newest.daysAgo)} ({formatAlertDate(answer.newest.date)}).
        </p>
      )}
      <ul className="safety-alerts__list">
        {answer.alerts.map((alert, i) => (
          <li key={i}>
            <strong>{safetyAlertKindLabel(alert.kind)}</strong>, {formatAlertDate(alert.date)}: {alert.description}
          </li>
        ))}
      </ul>
      <p>Si decidís verte igual, avisale a alguien de confianza dónde y con quién vas a estar.</p>
    </div>
  );
}

/** A report just filed, as 'Mis reportes' shows it until the page is loaded again. */
function filedAlert(id: number, report: ReportInput, now: Date): OwnSafetyAlert {
  const expires = new Date(now);
  expires.setUTCMonth(expires.getUTCMonth() + SAFETY_ALERT_MONTHS);
  return {
    id,
    kind: report.kind,
    description: report.description,
    incidentDate: report.incidentDate,
    status: 'pending',
    decisionReason: null,
    createdAt: now.toISOString(),
    expiresAt: expires.toISOString(),
  };
}

function ReportSent() {
  return (
    <div className="form-success" role="status">
      <p>
        <strong>Recibimos tu reporte.</strong> Lo vas a ver en «Mis reportes» con su estado.
      </p>
      <p>Si estás en peligro, llamá al 911.</p>
    </div>
  );
}

/** "¿Qué pasó?": the kind of incident. */
function KindChoice({ kind, error, onChange }: { kind: string; error: string | undefined; onChange: (kind: string) => void }) {
  return (
    <fieldset className="choice-list" aria-describedby={error ? 'report-kind-error' : undefined}>
      <legend>¿Qué pasó?</legend>
      {SAFETY_ALERT_KINDS.map(({ value, label }) => (
        <label key={value} className="choice">
          <input type="radio" name="report-kind" value={value} checked={kind === value} onChange={() => onChange(value)} />
          <span>{label}</span>
        </label>
      ))}
    </fieldset>
  );
}

function Report(props: { onFiled: (alert: OwnSafetyAlert) => void }) {
  const empty = { phone: '', kind: '', description: '', incidentDate: '' };
  const [values, setValues] = useState(empty);
  const [sent, setSent] = useState(false);
  const form = useFormSubmit('report', { fields: ['phone', 'kind', 'description', 'incidentDate'] });
  const { errors } = form;
  const today = buenosAiresDate(new Date());
  const set = (field: keyof typeof empty, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clearError(field);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = reportSchema().safeParse(values);
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (found.kind) document.querySelector<HTMLInputElement>('input[name="report-kind"]')?.focus();
    if (!form.check(found) || !parsed.success) return;
    setSent(false);
    void form.submit(async () => {
      const { id } = await callApi<{ id: number }>('POST', API, values);
      props.onFiled(filedAlert(id, parsed.data, new Date()));
      setValues(empty);
      setSent(true);
    });
  }

  return (
    <section aria-labelledby="report-title" className="safety-alerts__section">
      <h2 id="report-title">Reportar un incidente</h2>
      <p className="form-hint">
        El equipo de Velada revisa cada reporte antes de que cuente en las consultas. Nadie más sabe que lo enviaste vos, y el número no se
        guarda: solo una huella cifrada.
      </p>
      {sent && <ReportSent />}
      <form onSubmit={submit} className="account-form" noValidate>
        {form.problem && (
          <p className="form-alert" role="alert">
            {form.problem}
          </p>
        )}
        <FormField id="report-phone" label="Teléfono o enlace de WhatsApp" error={errors.phone}>
          <input
            type="text"
            inputMode="tel"
            autoComplete="off"
            maxLength={300}
            value={values.phone}
            onChange={(e) => set('phone', e.target.value)}
          />
        </FormField>
        <KindChoice kind={values.kind} error={errors.kind} onChange={(kind) => set('kind', kind)} />
        <FieldError id="report-kind-error" message={errors.kind} />
        <FormField id="report-incidentDate" label="Fecha del incidente (opcional)" error={errors.incidentDate}>
          <input
            type="date"
            min={earliestIncidentDate(new Date())}
            max={today}
            value={values.incidentDate}
            onChange={(e) => set('incidentDate', e.target.value)}
          />
        </FormField>
        <FormField
          id="report-description"
          label={`Qué pasó, en pocas palabras (hasta ${DESCRIPTION_MAX} caracteres, sin nombres ni datos tuyos)`}
          error={errors.description}
        >
          <textarea rows={4} maxLength={DESCRIPTION_MAX} value={values.description} onChange={(e) => set('description', e.target.value)} />
        </FormField>
        <button type="submit" className="btn btn-primary" disabled={form.busy}>
          {form.busy ? 'Enviando…' : 'Enviar el reporte'}
        </button>
      </form>
    </section>
  );
}

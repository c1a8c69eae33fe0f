// Configuración: the monthly plan prices the public plans page shows. Only the super admin saves them; partners
// see them read-only.
import { useMemo, useState, type FormEvent } from 'react';
import { showToast } from '#site/stores/toasts.ts';
import { putData, serverMessage } from '#site/lib/admin-api.ts';
import { formatMoney } from '#shared/format.ts';
import { useExportList } from './panel-export.ts';
import type { PanelSettings } from '#shared/contracts/staff/overview.ts';

const MAX_PRICE = 10_000_000;
const PLANS = [
  ['pricePremium', 'Premium'],
  ['priceVip', 'VIP'],
] as const;

type Plan = (typeof PLANS)[number][0];

/** Each price as a number, and what is wrong with those that are not whole pesos within the limit. */
function checkPrices(draft: Record<Plan, string>) {
  const found: Partial<Record<keyof PanelSettings, string>> = {};
  const values = {} as PanelSettings;
  for (const [key, name] of PLANS) {
    const text = draft[key].trim();
    const value = Number(text);
    if (!/^\d+$/.test(text) || value > MAX_PRICE)
      found[key] = `El precio ${name} debe ser un número entero de pesos, de 0 a ${formatMoney(MAX_PRICE)}.`;
    values[key] = value;
  }
  return { found, values };
}

export default function SettingsSection(props: { settings: PanelSettings; canEdit: boolean; onChanged: () => Promise<unknown> }) {
  const [draft, setDraft] = useState({ pricePremium: String(props.settings.pricePremium), priceVip: String(props.settings.priceVip) });
  const [errors, setErrors] = useState<Partial<Record<keyof PanelSettings, string>>>({});
  const [busy, setBusy] = useState(false);

  useExportList(
    useMemo(
      () => ({
        name: 'precios',
        columns: ['Plan', 'Precio mensual (ARS)'],
        rows: [['Gratuito', 0], ...PLANS.map(([key, name]) => [name, props.settings[key]])],
      }),
      [props.settings],
    ),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !props.canEdit) return;
    const { found, values } = checkPrices(draft);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`settings-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await putData('settings', values);
      showToast({
        title: 'Configuración guardada',
        description: `Premium ${formatMoney(values.pricePremium)} y VIP ${formatMoney(values.priceVip)} por mes.`,
        variant: 'success',
      });
      await props.onChanged();
    } catch (err) {
      showToast({ title: 'No se pudo guardar la configuración', description: serverMessage(err), variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="panel-section-title" className="panel__section">
      <h1 id="panel-section-title" tabIndex={-1}>
        Configuración
      </h1>
      <form className="card panel__form panel__form--card" onSubmit={submit} noValidate aria-labelledby="prices-title">
        <h2 id="prices-title">Precios de los planes (ARS por mes)</h2>
        <p className="panel__muted">
          El plan Gratuito no tiene costo. Los precios se muestran en la página de planes en cuanto se guardan.
        </p>
        {!props.canEdit && <p>Solo el administrador principal puede cambiar los precios.</p>}
        <div className="panel__form-grid">
          {PLANS.map(([key, name]) => (
            <PriceField
              key={key}
              plan={key}
              name={name}
              value={draft[key]}
              error={errors[key]}
              readOnly={!props.canEdit}
              onChange={(value) => setDraft((d) => ({ ...d, [key]: value }))}
            />
          ))}
        </div>
        {props.canEdit && (
          <div className="panel__form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Guardando…' : 'Guardar cambios'}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}

interface PriceFieldProps {
  plan: Plan;
  name: string;
  value: string;
  error: string | undefined;
  readOnly: boolean;
  onChange: (value: string) => void;
}

function PriceField({ plan, name, value, error, readOnly, onChange }: PriceFieldProps) {
  return (
    <div className="field">
      <label htmlFor={`settings-${plan}`}>{name}</label>
      <input
        id={`settings-${plan}`}
        inputMode="numeric"
        readOnly={readOnly}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `settings-${plan}-error` : undefined}
      />
      {error && (
        <p id={`settings-${plan}-error`} className="panel__error">
          {error}
        </p>
      )}
    </div>
  );
}

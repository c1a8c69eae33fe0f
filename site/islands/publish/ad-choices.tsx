// The ad form's choices: groups of boxes (days, hours, languages, services, attention), availability, and the plan
// with its price.
import { PLANS } from '#shared/catalogue.ts';
import { formatMoney } from '#shared/format.ts';
import type { AdDraft } from './ad-draft.ts';

const PLAN_TEXT = {
  gratuito: 'Publicación estándar, hasta 3 fotos, 30 días.',
  premium: 'Después de los VIP y antes que los avisos gratuitos, hasta 10 fotos.',
  vip: 'Todo lo de Premium, primer lugar de su categoría por turnos con los demás VIP y siempre en el inicio.',
};

interface CheckGroupProps {
  /** The draft's list the boxes tick values in. */
  name: 'days' | 'slots' | 'languages' | 'services' | 'attention';
  legend: string;
  list: readonly { value: string; label: string }[];
  draft: AdDraft;
  disabled: boolean;
  onChange: (patch: Partial<AdDraft>) => void;
}

export function CheckGroup({ name, legend, list, draft, disabled, onChange }: CheckGroupProps) {
  const checked = draft[name] as readonly string[];
  const toggle = (value: string, on: boolean) => onChange({ [name]: on ? [...checked, value] : checked.filter((v) => v !== value) });
  return (
    <fieldset className="check-group">
      <legend>{legend}</legend>
      {list.map((item) => (
        <label key={item.value} className="check">
          <input
            type="checkbox"
            checked={checked.includes(item.value)}
            disabled={disabled}
            onChange={(e) => toggle(item.value, e.target.checked)}
          />
          <span>{item.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** "24 horas" and "Agenda abierta". */
export function AvailabilityChecks({ draft, onChange }: { draft: AdDraft; onChange: (patch: Partial<AdDraft>) => void }) {
  return (
    <fieldset className="check-group">
      <legend>Disponibilidad</legend>
      <label className="check">
        <input type="checkbox" checked={draft.is24h} onChange={(e) => onChange({ is24h: e.target.checked })} />
        <span>24 horas</span>
      </label>
      <label className="check">
        <input type="checkbox" checked={draft.openSchedule} onChange={(e) => onChange({ openSchedule: e.target.checked })} />
        <span>Agenda abierta</span>
      </label>
    </fieldset>
  );
}

export function PlanChoice(props: {
  plan: AdDraft['plan'];
  prices: { premium: number; vip: number };
  onChange: (plan: AdDraft['plan']) => void;
}) {
  return (
    <fieldset className="choice-list">
      <legend>Plan</legend>
      {PLANS.map((plan) => (
        <label key={plan.value} className="choice">
          <input
            type="radio"
            name="plan"
            value={plan.value}
            checked={props.plan === plan.value}
            onChange={() => props.onChange(plan.value)}
          />
          <span>
            <strong>
              {plan.label} · {plan.value === 'gratuito' ? 'Gratis' : `${formatMoney(props.prices[plan.value])} / mes`}
            </strong>
            <span className="form-hint"> {PLAN_TEXT[plan.value]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

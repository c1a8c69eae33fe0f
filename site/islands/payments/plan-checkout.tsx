// Buying a plan (/mi-cuenta/comprar-plan): which published ad, which plan, how to pay. The prices come signed from
// the page (a quote); the payment keeps the price shown. Transfer goes to the payment's page with the bank data;
// MercadoPago goes to their checkout.
import { useState, type FormEvent } from 'react';
import FieldError, { errorProps } from '#site/islands/forms/field-error.tsx';
import { ApiError, callApi } from '#site/lib/api-client.ts';
import { formatLongDate, formatMoney } from '#shared/format.ts';
import { planLabel, type PaidPlan } from '#shared/plans.ts';
import type { PlanCheckout as Checkout, PurchaseAnswer } from '#shared/contracts/advertiser/payments.ts';

interface Props extends Checkout {
  adId: number | null;
  plan: PaidPlan;
}

const PLAN_TEXT: Record<PaidPlan, string> = {
  premium: 'En las búsquedas después de los VIP y antes que los avisos gratuitos, insignia Premium y hasta 10 fotos.',
  vip: 'Todo lo de Premium, primer lugar de tu categoría por turnos con los demás VIP, siempre en el inicio y banner promocional.',
};

export default function PlanCheckout(props: Props) {
  const [adId, setAdId] = useState(props.adId ?? props.ads[0]?.id ?? 0);
  const [plan, setPlan] = useState<PaidPlan>(props.plan);
  const [method, setMethod] = useState<Method>(props.methods.transfer ? 'transfer' : 'mercadopago');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ad = props.ads.find((a) => a.id === adId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    setErrors({});
    try {
      const answer = await callApi<PurchaseAnswer>('POST', '/api/advertiser/payments', {
        adId,
        plan,
        method,
        quote: props.quotes[plan],
      });
      window.location.assign(answer.redirectUrl ?? `/mi-cuenta/pagos/${answer.payment.reference}`);
    } catch (err) {
      const error = err instanceof ApiError ? err : new ApiError(0, undefined);
      if (error.field && ['adId', 'plan', 'method'].includes(error.field)) {
        setErrors({ [error.field]: error.detail });
        // The field the server refused, so that its message is read next.
        const target = error.field === 'adId' ? '#checkout-ad' : `input[name="${error.field}"]:checked`;
        setTimeout(() => document.querySelector<HTMLElement>(target)?.focus(), 0);
      } else setProblem(error.message);
      setBusy(false);
    }
  }

  if (!props.methods.transfer && !props.methods.mercadopago) {
    return (
      <p className="form-alert" role="alert">
        Por ahora no podemos recibir pagos. Probá más tarde o escribinos desde <a href="/contacto">Contacto</a>.
      </p>
    );
  }

  return (
    <form className="account-form checkout" onSubmit={submit} noValidate>
      {problem && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}
      <div className="field">
        <label htmlFor="checkout-ad">Anuncio</label>
        <select id="checkout-ad" value={adId} onChange={(e) => setAdId(Number(e.target.value))} {...errorProps('checkout-ad', errors.adId)}>
          {props.ads.map((a) => (
            <option key={a.id} value={a.id}>
              {a.title}
            </option>
          ))}
        </select>
        {ad && (
          <p className="form-hint">
            Plan actual: {planLabel(ad.plan)}
            {ad.planUntil && ` hasta el ${formatLongDate(ad.planUntil)}`}.
          </p>
        )}
        <FieldError id="checkout-ad-error" message={errors.adId} />
      </div>
      <PlanChoice plan={plan} prices={props.prices} error={errors.plan} onChange={setPlan} />
      <MethodChoice methods={props.methods} method={method} error={errors.method} onChange={setMethod} />
      <p className="checkout__total">
        Total: <strong>{formatMoney(props.prices[plan])}</strong>
      </p>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || !ad}>
          {busy ? 'Procesando…' : method === 'mercadopago' ? 'Pagar con MercadoPago' : 'Continuar al pago'}
        </button>
        <a className="btn btn-outline" href="/mi-cuenta">
          Cancelar
        </a>
      </div>
    </form>
  );
}

interface PlanChoiceProps {
  plan: PaidPlan;
  prices: Checkout['prices'];
  error: string | undefined;
  onChange: (plan: PaidPlan) => void;
}

function PlanChoice({ plan, prices, error, onChange }: PlanChoiceProps) {
  return (
    <fieldset className="choice-list">
      <legend>Plan</legend>
      {(['premium', 'vip'] as const).map((value) => (
        <label key={value} className="choice">
          <input
            type="radio"
            name="plan"
            value={value}
            checked={plan === value}
            onChange={() => onChange(value)}
            {...errorProps('checkout-plan', error)}
          />
          <span>
            <strong>
              {planLabel(value)} · {formatMoney(prices[value])} por 30 días
            </strong>
            <span className="form-hint"> {PLAN_TEXT[value]}</span>
          </span>
        </label>
      ))}
      <FieldError id="checkout-plan-error" message={error} />
    </fieldset>
  );
}

type Method = 'transfer' | 'mercadopago';

interface MethodChoiceProps {
  methods: Checkout['methods'];
  method: Method;
  error: string | undefined;
  onChange: (method: Method) => void;
}

/** How to pay: the methods on offer, each with what it means. */
function MethodChoice({ methods, method, error, onChange }: MethodChoiceProps) {
  const option = (value: Method, title: string, hint: string) => (
    <label className="choice">
      <input
        type="radio"
        name="method"
        value={value}
        checked={method === value}
        onChange={() => onChange(value)}
        {...errorProps('checkout-method', error)}
      />
      <span>
        <strong>{title}</strong>
        <span className="form-hint"> {hint}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="choice-list">
      <legend>Forma de pago</legend>
      {methods.transfer &&
        option(
          'transfer',
          'Transferencia bancaria',
          'Te mostramos el CBU y un código de referencia; podés adjuntar el comprobante. Lo acreditamos en horario hábil.',
        )}
      {methods.mercadopago &&
        option(
          'mercadopago',
          'MercadoPago',
          'En la página de MercadoPago. Con tarjeta o dinero en cuenta se acredita al instante; en efectivo, cuando pagues.',
        )}
      <FieldError id="checkout-method-error" message={error} />
    </fieldset>
  );
}

// A payment still waiting, on its page: the bank data to transfer to (with copy buttons), the receipt upload, paying
// through MercadoPago instead, and cancelling. Back from MercadoPago, it asks the server until the payment is
// confirmed (the server checks with MercadoPago; the address alone proves nothing).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, callApi } from '#site/lib/api-client.ts';
import { formatLongDateTime, formatMoney } from '#shared/format.ts';
import type { OwnPayment, PaymentPage } from '#shared/contracts/advertiser/payments.ts';

interface Props extends PaymentPage {
  mercadoPago: boolean;
  /** MercadoPago's payment id from the return address, when the buyer comes back from their checkout. */
  mercadoPagoReturn: string | null;
}

const POLL_MS = 4000;
const POLL_TRIES = 15;

function CopyRow(props: { label: string; value: string; shown?: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(props.value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      // Without clipboard access the value stays selectable on screen.
    }
  }
  return (
    <div className="copy-row">
      <dt>{props.label}</dt>
      <dd>
        <span className="copy-row__value">{props.shown ?? props.value}</span>
        <button type="button" className="btn btn-outline btn-small" onClick={() => void copy()}>
          {copied ? 'Copiado' : 'Copiar'}
          <span className="visually-hidden"> {props.label}</span>
        </button>
        <span className="visually-hidden" role="status">
          {copied ? `${props.label} copiado` : ''}
        </span>
      </dd>
    </div>
  );
}

export default function PendingPayment(props: Props) {
  const [payment, setPayment] = useState(props.payment);
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<{ text: string; error?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [waiting, setWaiting] = useState<'checking' | 'late' | null>(props.mercadoPagoReturn ? 'checking' : null);
  const fileInput = useRef<HTMLInputElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const confirmCancelButton = useRef<HTMLButtonElement>(null);
  const askedToCancel = useRef(false);

  // Focus follows the cancel question: to 'Sí, cancelar' when asked, back to 'Cancelar este pago' after 'No'.
  useEffect(() => {
    if (confirmingCancel) confirmCancelButton.current?.focus();
    else if (askedToCancel.current) cancelButton.current?.focus();
    askedToCancel.current = confirmingCancel;
  }, [confirmingCancel]);

  useEffect(() => {
    if (!props.mercadoPagoReturn) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout>;
    const check = async () => {
      tries += 1;
      try {
        const fresh = await callApi<OwnPayment>(
          'GET',
          `/api/advertiser/payments/${payment.id}?mercadopago=${encodeURIComponent(props.mercadoPagoReturn!)}`,
        );
        if (fresh.status !== 'pending') {
          window.location.replace(window.location.pathname);
          return;
        }
      } catch {
        // Try again on the next round.
      }
      if (tries < POLL_TRIES) timer = setTimeout(check, POLL_MS);
      else setWaiting('late');
    };
    void check();
    return () => clearTimeout(timer);
  }, [payment.id, props.mercadoPagoReturn]);

  async function run(action: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      await action();
    } catch (err) {
      setNotice({ text: err instanceof ApiError ? err.message : 'No se pudo completar la acción.', error: true });
    } finally {
      setBusy(false);
    }
  }

  const sendReceipt = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setNotice({ text: 'Elegí el archivo del comprobante (imagen o PDF, hasta 5 MB).', error: true });
      fileInput.current?.focus();
      return;
    }
    void run(async () => {
      const form = new FormData();
      form.append('receipt', file);
      setPayment(await callApi<OwnPayment>('POST', `/api/advertiser/payments/${payment.id}/receipt`, form));
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      setNotice({ text: 'Recibimos tu comprobante. Te avisamos por email cuando acreditemos el pago.' });
    });
  };

  const payWithMercadoPago = () =>
    run(async () => {
      const answer = await callApi<{ redirectUrl: string }>('POST', `/api/advertiser/payments/${payment.id}/mercadopago`);
      window.location.assign(answer.redirectUrl);
    });

  const cancel = () =>
    run(async () => {
      await callApi('POST', `/api/advertiser/payments/${payment.id}/cancel`);
      window.location.replace(window.location.pathname);
    });

  return (
    <div className="pending-payment">
      <div role="status">
        {waiting === 'checking' && (
          <p className="form-success">Volviste de MercadoPago. Estamos confirmando tu pago: esta página se actualiza sola.</p>
        )}
        {waiting === 'late' && (
          <p className="form-success">
            Todavía no recibimos la confirmación de MercadoPago. Te avisamos por email cuando se acredite; no hace falta pagar de nuevo.
          </p>
        )}
      </div>
      {props.account ? (
        <section aria-labelledby="transfer-title">
          <h2 id="transfer-title">Transferencia bancaria</h2>
          <p>
            Transferí <strong>{formatMoney(payment.amount)}</strong> a esta cuenta y escribí la referencia en el concepto o la descripción
            de la transferencia.
          </p>
          <dl className="copy-list">
            <div className="copy-row">
              <dt>Titular</dt>
              <dd>{props.account.accountHolder}</dd>
            </div>
            <div className="copy-row">
              <dt>Banco</dt>
              <dd>
                {props.account.bankName} · {props.account.accountType === 'savings' ? 'Caja de Ahorro' : 'Cuenta Corriente'}
              </dd>
            </div>
            <CopyRow label="CBU" value={props.account.cbu} />
            {props.account.alias && <CopyRow label="Alias" value={props.account.alias} />}
            <CopyRow label="Importe" value={String(payment.amount)} shown={formatMoney(payment.amount)} />
            <CopyRow label="Referencia" value={payment.reference} />
          </dl>
          <form className="account-form" onSubmit={sendReceipt} noValidate>
            <div className="field">
              <label htmlFor="receipt-file">Comprobante de la transferencia (opcional)</label>
              <input
                ref={fileInput}
                id="receipt-file"
                type="file"
                accept="image/jpeg,image/png,image/webp,application/pdf"
                aria-describedby="receipt-hint"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
              <p id="receipt-hint" className="form-hint">
                Imagen (JPG, PNG o WebP) o PDF, hasta 5 MB. Nos ayuda a acreditarlo más rápido.
              </p>
            </div>
            {payment.receipt && (
              <p className="form-hint">
                Comprobante recibido el {formatLongDateTime(payment.receipt.uploadedAt)}.{' '}
                <a href={`/api/advertiser/payments/${payment.id}/receipt`} target="_blank" rel="noopener">
                  Ver comprobante
                </a>
              </p>
            )}
            <div className="form-actions">
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {payment.receipt ? 'Reemplazar comprobante' : 'Enviar comprobante'}
              </button>
            </div>
          </form>
        </section>
      ) : (
        <p className="form-alert">
          Por ahora no podemos recibir transferencias.{' '}
          {props.mercadoPago ? 'Podés pagar con MercadoPago.' : 'Probá más tarde o escribinos desde Contacto.'}
        </p>
      )}
      {/* Both live regions stay in the page, so what appears in them is announced. */}
      <div role="status">{notice && !notice.error && <p className="form-success">{notice.text}</p>}</div>
      <div role="alert">{notice?.error && <p className="form-alert">{notice.text}</p>}</div>
      <div className="form-actions">
        {props.mercadoPago && (
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void payWithMercadoPago()}>
            Pagar con MercadoPago
          </button>
        )}
        {confirmingCancel ? (
          <>
            <button ref={confirmCancelButton} type="button" className="btn btn-primary" disabled={busy} onClick={() => void cancel()}>
              Sí, cancelar el pago
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setConfirmingCancel(false)}>
              No
            </button>
          </>
        ) : (
          <button ref={cancelButton} type="button" className="btn btn-outline" disabled={busy} onClick={() => setConfirmingCancel(true)}>
            Cancelar este pago
          </button>
        )}
      </div>
    </div>
  );
}

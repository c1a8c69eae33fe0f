// A payment still waiting, on its page: the bank data to transfer to (with copy buttons), the receipt upload, paying
// through MercadoPago instead, and cancelling. Back from MercadoPago, it asks the server until the payment is
// confirmed (the server checks with MercadoPago; the address alone proves nothing).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, callApi } from '#site/lib/api-client.ts';
import { formatMoney } from '#shared/format.ts';
import { ReceiptForm, TransferDetails } from './bank-transfer.tsx';
import type { OwnPayment, PaymentPage } from '#shared/contracts/advertiser/payments.ts';

interface Props extends PaymentPage {
  mercadoPago: boolean;
  /** MercadoPago's payment id from the return address, when the buyer comes back from their checkout. */
  mercadoPagoReturn: string | null;
}

const POLL_MS = 4000;
const POLL_TRIES = 15;

/**
 * Back from MercadoPago: asks the server every few seconds whether the payment is confirmed (the server checks with
 * MercadoPago) and reloads the page once it is; 'late' after the last try.
 */
function useMercadoPagoReturn(paymentId: number, mercadoPagoReturn: string | null) {
  const [waiting, setWaiting] = useState<'checking' | 'late' | null>(mercadoPagoReturn ? 'checking' : null);
  useEffect(() => {
    if (!mercadoPagoReturn) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout>;
    const check = async () => {
      tries += 1;
      try {
        const fresh = await callApi<OwnPayment>(
          'GET',
          `/api/advertiser/payments/${paymentId}?mercadopago=${encodeURIComponent(mercadoPagoReturn!)}`,
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
  }, [paymentId, mercadoPagoReturn]);
  return waiting;
}

export default function PendingPayment(props: Props) {
  const [payment, setPayment] = useState(props.payment);
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<{ text: string; error?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const waiting = useMercadoPagoReturn(payment.id, props.mercadoPagoReturn);
  const fileInput = useRef<HTMLInputElement>(null);

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
      <ReturnStatus waiting={waiting} />
      {props.account ? (
        <section aria-labelledby="transfer-title">
          <h2 id="transfer-title">Transferencia bancaria</h2>
          <p>
            Transferí <strong>{formatMoney(payment.amount)}</strong> a esta cuenta y escribí la referencia en el concepto o la descripción
            de la transferencia.
          </p>
          <TransferDetails account={props.account} payment={payment} />
          <ReceiptForm payment={payment} busy={busy} fileInput={fileInput} onFile={setFile} onSubmit={sendReceipt} />
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
        <CancelPayment busy={busy} onCancel={() => void cancel()} />
      </div>
    </div>
  );
}

function ReturnStatus({ waiting }: { waiting: 'checking' | 'late' | null }) {
  return (
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
  );
}

/** 'Cancelar este pago', asked once more; focus follows the question. */
function CancelPayment({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const confirmCancelButton = useRef<HTMLButtonElement>(null);
  const askedToCancel = useRef(false);

  // Focus follows the cancel question: to 'Sí, cancelar' when asked, back to 'Cancelar este pago' after 'No'.
  useEffect(() => {
    if (confirmingCancel) confirmCancelButton.current?.focus();
    else if (askedToCancel.current) cancelButton.current?.focus();
    askedToCancel.current = confirmingCancel;
  }, [confirmingCancel]);

  return confirmingCancel ? (
    <>
      <button ref={confirmCancelButton} type="button" className="btn btn-primary" disabled={busy} onClick={onCancel}>
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
  );
}

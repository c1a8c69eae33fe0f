// Paying a plan by bank transfer (the payment's page): the account's data with copy buttons, and the receipt upload.
import { useState, type FormEvent, type RefObject } from 'react';
import { formatLongDateTime, formatMoney } from '#shared/format.ts';
import { ACCOUNT_TYPE_LABELS } from '#shared/cbu.ts';
import type { OwnPayment, PaymentPage } from '#shared/contracts/advertiser/payments.ts';

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

/** Where to transfer to: the holder and the bank, and what to copy (CBU, alias, amount, reference). */
export function TransferDetails({ account, payment }: { account: NonNullable<PaymentPage['account']>; payment: OwnPayment }) {
  return (
    <dl className="copy-list">
      <div className="copy-row">
        <dt>Titular</dt>
        <dd>{account.accountHolder}</dd>
      </div>
      <div className="copy-row">
        <dt>Banco</dt>
        <dd>
          {account.bankName} · {ACCOUNT_TYPE_LABELS[account.accountType]}
        </dd>
      </div>
      <CopyRow label="CBU" value={account.cbu} />
      {account.alias && <CopyRow label="Alias" value={account.alias} />}
      <CopyRow label="Importe" value={String(payment.amount)} shown={formatMoney(payment.amount)} />
      <CopyRow label="Referencia" value={payment.reference} />
    </dl>
  );
}

interface ReceiptFormProps {
  payment: OwnPayment;
  busy: boolean;
  fileInput: RefObject<HTMLInputElement | null>;
  onFile: (file: File | null) => void;
  onSubmit: (event: FormEvent) => void;
}

/** The transfer's receipt (optional): sent, or replaced, with a link to the one received. */
export function ReceiptForm({ payment, busy, fileInput, onFile, onSubmit }: ReceiptFormProps) {
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor="receipt-file">Comprobante de la transferencia (opcional)</label>
        <input
          ref={fileInput}
          id="receipt-file"
          type="file"
          accept="image/jpeg,image/png,image/webp,application/pdf"
          aria-describedby="receipt-hint"
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
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
  );
}

// Pagos: every payment with its state; a pending one is processed into a destination bank account (the first
// active account preselected), which completes it.
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import StatusSelect from './status-select.tsx';
import { showToast } from '#site/stores/toasts.ts';
import { postData, serverMessage } from '#site/lib/admin-api.ts';
import { formatMoney } from '#shared/format.ts';
import { useExportList } from './panel-export.ts';
import PanelTable, { type PanelColumns } from './panel-table.tsx';
import PanelDialog from './panel-dialog.tsx';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, exportDateTime, formatDateTime } from './labels.ts';
import type { BankAccountItem as BankAccount, PaymentItem as Payment } from '#shared/contracts/staff/payments.ts';
import DialogFormActions from './dialog-form-actions.tsx';

type Filter = 'all' | 'pending' | 'completed' | 'cancelled';
const FILTERS: [Filter, string][] = [
  ['all', 'Todos'],
  ['pending', 'Pendientes'],
  ['completed', 'Completados'],
  ['cancelled', 'Cancelados'],
];
const bankName = (accounts: BankAccount[] | null, id: number | null) =>
  id === null ? '' : (accounts?.find((a) => a.id === id)?.bankName ?? `Cuenta ${id}`);
const NO_ACCOUNT = 'Seleccione una cuenta bancaria de destino';

/** 'Exportar': the payments shown, with their destination account. */
function usePaymentsExport(shown: Payment[], bankAccounts: BankAccount[] | null) {
  useExportList(
    useMemo(
      () => ({
        name: 'pagos',
        columns: ['Fecha', 'Anunciante', 'Descripción', 'Referencia', 'Medio', 'Estado', 'Monto (ARS)', 'Cuenta de destino'],
        rows: shown.map((p) => [
          exportDateTime(p.createdAt),
          p.advertiserName,
          p.description,
          p.reference,
          PAYMENT_METHOD_LABELS[p.paymentMethod] ?? p.paymentMethod,
          PAYMENT_STATUS_LABELS[p.paymentStatus],
          p.amount,
          bankName(bankAccounts, p.bankAccountId),
        ]),
      }),
      [shown, bankAccounts],
    ),
  );
}

/** The payments; a pending one can be processed by staff who may. */
function paymentColumns(
  accountName: (id: number | null) => string,
  canProcess: boolean,
  onProcess: (p: Payment) => void,
): PanelColumns<Payment> {
  return [
    { header: 'Fecha', cell: (p) => formatDateTime(p.createdAt), nowrap: true },
    { header: 'Anunciante', cell: (p) => p.advertiserName, rowHeader: true },
    {
      header: 'Descripción y referencia',
      wide: true,
      cell: (p) => (
        <>
          {p.description}
          <span className="panel__muted panel__block panel-table__anywhere">{p.reference}</span>
          <PaymentExtras payment={p} />
        </>
      ),
    },
    { header: 'Medio', cell: (p) => PAYMENT_METHOD_LABELS[p.paymentMethod] ?? p.paymentMethod },
    {
      header: 'Estado',
      cell: (p) => (
        <>
          {PAYMENT_STATUS_LABELS[p.paymentStatus]}
          {p.bankAccountId !== null && <span className="panel__muted panel__block">Destino: {accountName(p.bankAccountId)}</span>}
        </>
      ),
    },
    { header: 'Monto', cell: (p) => formatMoney(p.amount), numeric: true },
    canProcess && {
      header: 'Acciones',
      actions: true,
      cell: (p) =>
        p.paymentStatus === 'pending' && (
          <button type="button" className="btn btn-primary" onClick={() => onProcess(p)}>
            Procesar<span className="visually-hidden"> el pago {p.reference}</span>
          </button>
        ),
    },
  ];
}

export default function PaymentsSection(props: {
  payments: Payment[];
  bankAccounts: BankAccount[] | null;
  canProcess: boolean;
  onChanged: () => Promise<unknown>;
  /** What staff must act on besides the payments (the "Botón de arrepentimiento" requests), above the list. */
  children?: ReactNode;
}) {
  const [filter, setFilter] = useState<Filter>('all');
  const [processing, setProcessing] = useState<Payment | null>(null);

  const shown = useMemo(() => props.payments.filter((p) => filter === 'all' || p.paymentStatus === filter), [props.payments, filter]);
  const accountName = (id: number | null) => bankName(props.bankAccounts, id);

  usePaymentsExport(shown, props.bankAccounts);

  const pendingTotal = props.payments.filter((p) => p.paymentStatus === 'pending').reduce((sum, p) => sum + p.amount, 0);
  return (
    <section aria-labelledby="panel-section-title" className="panel__section">
      <h1 id="panel-section-title" tabIndex={-1}>
        Pagos
      </h1>
      <p className="panel__lead">Pendiente de procesar: {formatMoney(pendingTotal)}</p>
      {props.children}
      {props.children && <h2>Todos los pagos</h2>}
      <div className="panel__filters">
        <StatusSelect id="payment-filter" value={filter} options={FILTERS} onChange={setFilter} />
      </div>
      <p aria-live="polite" className="panel__count">
        {shown.length === 1 ? '1 pago' : `${shown.length} pagos`}
      </p>
      {shown.length === 0 ? (
        <p>No hay pagos con ese estado.</p>
      ) : (
        <PanelTable
          label="Tabla de pagos"
          caption="Pagos"
          columns={paymentColumns(accountName, props.canProcess, setProcessing)}
          rows={shown}
          rowKey={(p) => p.id}
        />
      )}
      <PanelDialog title="Procesar pago" open={processing !== null} onClose={() => setProcessing(null)}>
        {processing && (
          <ProcessForm
            payment={processing}
            accounts={props.bankAccounts ?? []}
            onDone={async () => {
              setProcessing(null);
              await props.onChanged();
            }}
            onCancel={() => setProcessing(null)}
          />
        )}
      </PanelDialog>
    </section>
  );
}

/** What staff check before confirming: the receipt the advertiser attached, and a price kept from before a change. */
function PaymentExtras({ payment }: { payment: Payment }) {
  return (
    <>
      {payment.priceNote && <span className="panel__muted panel__block">{payment.priceNote}</span>}
      {payment.hasReceipt && (
        <a className="panel__block" href={`/api/admin/payments/${payment.id}/receipt`} target="_blank" rel="noopener">
          Ver comprobante<span className="visually-hidden"> del pago {payment.reference}</span>
        </a>
      )}
    </>
  );
}

function ProcessForm(props: { payment: Payment; accounts: BankAccount[]; onDone: () => Promise<void>; onCancel: () => void }) {
  const { payment, accounts } = props;
  const [accountId, setAccountId] = useState(String(accounts.find((a) => a.active)?.id ?? ''));
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const account = accounts.find((a) => String(a.id) === accountId);
    if (!account) {
      setError(NO_ACCOUNT);
      document.getElementById('process-account')?.focus();
      return;
    }
    setBusy(true);
    try {
      await postData(`payments/${payment.id}/process`, { bankAccountId: account.id, notes: notes.trim() || null });
      showToast({
        title: 'Pago procesado',
        description: `${formatMoney(payment.amount)} confirmado y dirigido a ${account.bankName} (${account.alias ?? account.cbu}).`,
        variant: 'success',
      });
      await props.onDone();
    } catch (err) {
      showToast({ title: 'No se pudo procesar el pago', description: serverMessage(err), variant: 'error' });
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="panel__form" noValidate>
      <p>
        {payment.advertiserName} · {payment.description} · <strong>{formatMoney(payment.amount)}</strong>
        <br />
        <span className="panel__muted">Referencia {payment.reference}</span>
      </p>
      <PaymentExtras payment={payment} />
      <div className="field">
        <label htmlFor="process-account">Cuenta bancaria de destino</label>
        <select
          id="process-account"
          value={accountId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'process-account-error' : undefined}
          onChange={(e) => {
            setAccountId(e.target.value);
            setError(null);
          }}
        >
          <option value="">Elegí una cuenta</option>
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.bankName} · {a.alias ?? a.cbu}
              {a.active ? ' (activa)' : ''}
            </option>
          ))}
        </select>
        {error && (
          <p id="process-account-error" className="panel__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="process-notes">Notas (opcional)</label>
        <textarea id="process-notes" rows={3} maxLength={500} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </div>
      <DialogFormActions submit={busy ? 'Procesando…' : 'Confirmar pago'} busy={busy} onCancel={props.onCancel} />
    </form>
  );
}

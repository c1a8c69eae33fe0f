// Cuentas Bancarias (super admin): the accounts that receive payments, one of them active (the one advertisers
// are shown to transfer to); add an account with the seed's rules, or make another one the active one.
import { useMemo, useState, type FormEvent } from 'react';
import { showToast } from '#site/stores/toasts.ts';
import { ApiError, postData, serverMessage } from '#site/lib/admin-api.ts';
import { isValidCbu } from '#shared/cbu.ts';
import { useExportList } from './panel-export.ts';
import { ACCOUNT_TYPE_LABELS } from './labels.ts';
import type { BankAccountItem as BankAccount } from '#shared/contracts/staff/payments.ts';
import { usePanelAction } from './use-panel-action.ts';

type Field = 'bankName' | 'accountHolder' | 'accountNumber' | 'cbu' | 'alias';
type Draft = Record<Field, string> & { accountType: 'checking' | 'savings' };
const EMPTY: Draft = { bankName: '', accountHolder: '', accountNumber: '', cbu: '', alias: '', accountType: 'checking' };
const ALIAS = /^[A-Za-z0-9.-]{6,20}$/;

/** The first problem of each field, in the form's order. */
function validate(draft: Draft): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!draft.bankName.trim()) errors.bankName = 'Ingresá el nombre del banco.';
  if (!draft.accountHolder.trim()) errors.accountHolder = 'Ingresá el titular de la cuenta.';
  if (!draft.accountNumber.trim()) errors.accountNumber = 'Ingresá el número de cuenta.';
  const cbu = draft.cbu.trim();
  if (!/^\d{22}$/.test(cbu)) errors.cbu = 'El CBU debe tener exactamente 22 dígitos.';
  else if (!isValidCbu(cbu)) errors.cbu = 'El CBU no es válido: revisá los dígitos verificadores.';
  if (draft.alias.trim() && !ALIAS.test(draft.alias.trim()))
    errors.alias = 'El alias debe tener entre 6 y 20 caracteres (letras, números, punto o guion).';
  return errors;
}

export default function BankAccountsSection(props: { accounts: BankAccount[]; onChanged: () => Promise<unknown> }) {
  const action = usePanelAction();
  const { busyId } = action;

  useExportList(
    useMemo(
      () => ({
        name: 'cuentas-bancarias',
        columns: ['Banco', 'Titular', 'Número de cuenta', 'CBU', 'Alias', 'Tipo', 'Activa'],
        rows: props.accounts.map((a) => [
          a.bankName,
          a.accountHolder,
          a.accountNumber,
          a.cbu,
          a.alias,
          ACCOUNT_TYPE_LABELS[a.accountType],
          a.active,
        ]),
      }),
      [props.accounts],
    ),
  );

  const activate = (account: BankAccount) =>
    action.run(
      account.id,
      () => postData(`bank-accounts/${account.id}/activate`),
      {
        success: { title: 'Cuenta activada', description: `${account.bankName} recibe ahora los pagos.` },
        failure: 'No se pudo activar la cuenta',
      },
      props.onChanged,
    );

  return (
    <section aria-labelledby="panel-section-title" className="panel__section">
      <h1 id="panel-section-title" tabIndex={-1}>
        Cuentas Bancarias
      </h1>
      <p className="panel__lead">La cuenta activa es la que ven los anunciantes para transferir.</p>
      {props.accounts.length === 0 ? (
        <p>Todavía no hay cuentas bancarias.</p>
      ) : (
        <div className="panel__table-wrap" tabIndex={0} role="region" aria-label="Tabla de cuentas bancarias">
          <table className="panel__table">
            <caption className="visually-hidden">Cuentas bancarias</caption>
            <thead>
              <tr>
                <th scope="col">Banco y titular</th>
                <th scope="col">Cuenta</th>
                <th scope="col">CBU y alias</th>
                <th scope="col">Estado</th>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {props.accounts.map((a) => (
                <tr key={a.id}>
                  <th scope="row">
                    {a.bankName}
                    <span className="panel__muted panel__block">{a.accountHolder}</span>
                  </th>
                  <td>
                    {ACCOUNT_TYPE_LABELS[a.accountType]}
                    <span className="panel__muted panel__block">{a.accountNumber}</span>
                  </td>
                  <td>
                    <span className="panel__mono">{a.cbu}</span>
                    <span className="panel__muted panel__block">{a.alias ?? 'Sin alias'}</span>
                  </td>
                  <td>{a.active ? <span className="badge badge-verified">Activa</span> : 'Inactiva'}</td>
                  <td>
                    {!a.active && (
                      <button type="button" className="btn btn-outline" disabled={busyId === a.id} onClick={() => void activate(a)}>
                        Activar
                        <span className="visually-hidden">
                          {' '}
                          {a.bankName} {a.alias ?? a.cbu}
                        </span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AddAccountForm onAdded={props.onChanged} />
    </section>
  );
}

function AddAccountForm(props: { onAdded: () => Promise<unknown> }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const ready = draft.bankName.trim() !== '' && draft.cbu.trim() !== '';

  const set = (field: keyof Draft) => (e: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [field]: e.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !ready) return;
    const found = validate(draft);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`account-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await postData('bank-accounts', {
        bankName: draft.bankName.trim(),
        accountHolder: draft.accountHolder.trim(),
        accountNumber: draft.accountNumber.trim(),
        cbu: draft.cbu.trim(),
        alias: draft.alias.trim() || null,
        accountType: draft.accountType,
      });
      showToast({ title: 'Cuenta agregada', description: draft.bankName.trim(), variant: 'success' });
      setDraft(EMPTY);
      await props.onAdded();
    } catch (err) {
      showToast(
        err instanceof ApiError && err.status === 403
          ? { title: 'Sin permisos', description: 'Solo el administrador principal puede agregar cuentas bancarias', variant: 'error' }
          : { title: 'No se pudo agregar la cuenta bancaria', description: serverMessage(err), variant: 'error' },
      );
    } finally {
      setBusy(false);
    }
  }

  const input = (field: Field, label: string, extra: Record<string, unknown> = {}) => (
    <div className="field">
      <label htmlFor={`account-${field}`}>{label}</label>
      <input
        id={`account-${field}`}
        value={draft[field]}
        onChange={set(field)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `account-${field}-error` : undefined}
        {...extra}
      />
      {errors[field] && (
        <p id={`account-${field}-error`} className="panel__error">
          {errors[field]}
        </p>
      )}
    </div>
  );

  return (
    <form className="card panel__form panel__form--card" onSubmit={submit} noValidate aria-labelledby="add-account-title">
      <h2 id="add-account-title">Agregar cuenta bancaria</h2>
      <div className="panel__form-grid">
        {input('bankName', 'Banco', { maxLength: 80, autoComplete: 'off' })}
        {input('accountHolder', 'Titular', { maxLength: 120, autoComplete: 'off' })}
        {input('accountNumber', 'Número de cuenta', { maxLength: 40, autoComplete: 'off' })}
        {input('cbu', 'CBU (22 dígitos)', { maxLength: 22, inputMode: 'numeric', autoComplete: 'off' })}
        {input('alias', 'Alias (opcional)', { maxLength: 20, autoComplete: 'off' })}
        <div className="field">
          <label htmlFor="account-type">Tipo de cuenta</label>
          <select id="account-type" value={draft.accountType} onChange={set('accountType')}>
            <option value="checking">Cuenta Corriente</option>
            <option value="savings">Caja de Ahorro</option>
          </select>
        </div>
      </div>
      <div className="panel__form-actions">
        <button type="submit" className="btn btn-primary" disabled={!ready || busy}>
          {busy ? 'Agregando…' : 'Agregar cuenta'}
        </button>
        {!ready && <p className="panel__muted">Completá el banco y el CBU para agregar la cuenta.</p>}
      </div>
    </form>
  );
}

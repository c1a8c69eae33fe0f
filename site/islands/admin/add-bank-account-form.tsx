// "Agregar cuenta bancaria" (Cuentas bancarias, panel): an account that receives payments, checked with the seed's
// rules before it is sent (a CBU's check digits among them).
import { useState, type FormEvent } from 'react';
import { showToast } from '#site/stores/toasts.ts';
import { ApiError, postData, serverMessage } from '#site/lib/admin-api.ts';
import { isValidCbu } from '#shared/cbu.ts';

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

/** What the API takes: text trimmed, no alias as null. */
function accountBody(draft: Draft) {
  return {
    bankName: draft.bankName.trim(),
    accountHolder: draft.accountHolder.trim(),
    accountNumber: draft.accountNumber.trim(),
    cbu: draft.cbu.trim(),
    alias: draft.alias.trim() || null,
    accountType: draft.accountType,
  };
}

export default function AddAccountForm(props: { onAdded: () => Promise<unknown> }) {
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
      await postData('bank-accounts', accountBody(draft));
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
    <AccountField field={field} label={label} value={draft[field]} error={errors[field]} onChange={set(field)} extra={extra} />
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
            <option value="checking">Cuenta corriente</option>
            <option value="savings">Caja de ahorro</option>
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

interface AccountFieldProps {
  field: Field;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (e: { target: { value: string } }) => void;
  /** More attributes of the input (maxLength, inputMode…). */
  extra: Record<string, unknown>;
}

/** One text field of the form, with its error tied to it for screen readers. */
function AccountField({ field, label, value, error, onChange, extra }: AccountFieldProps) {
  return (
    <div className="field">
      <label htmlFor={`account-${field}`}>{label}</label>
      <input
        id={`account-${field}`}
        value={value}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `account-${field}-error` : undefined}
        {...extra}
      />
      {error && (
        <p id={`account-${field}-error`} className="panel__error">
          {error}
        </p>
      )}
    </div>
  );
}

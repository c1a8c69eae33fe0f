// Cuentas bancarias (super admin): the accounts that receive payments, one of them active (the one advertisers
// are shown to transfer to); add an account with the seed's rules, or make another one the active one.
import { useMemo } from 'react';
import { postData } from '#site/lib/admin-api.ts';
import AddAccountForm from './add-bank-account-form.tsx';
import { useExportList } from './panel-export.ts';
import { ACCOUNT_TYPE_LABELS } from './labels.ts';
import type { BankAccountItem as BankAccount } from '#shared/contracts/staff/payments.ts';
import { usePanelAction } from './use-panel-action.ts';

/** 'Exportar': the accounts. */
function useBankAccountsExport(accounts: BankAccount[]) {
  useExportList(
    useMemo(
      () => ({
        name: 'cuentas-bancarias',
        columns: ['Banco', 'Titular', 'Número de cuenta', 'CBU', 'Alias', 'Tipo', 'Activa'],
        rows: accounts.map((a) => [
          a.bankName,
          a.accountHolder,
          a.accountNumber,
          a.cbu,
          a.alias,
          ACCOUNT_TYPE_LABELS[a.accountType],
          a.active,
        ]),
      }),
      [accounts],
    ),
  );
}

export default function BankAccountsSection(props: { accounts: BankAccount[]; onChanged: () => Promise<unknown> }) {
  const action = usePanelAction();
  const { busyId } = action;

  useBankAccountsExport(props.accounts);

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
        Cuentas bancarias
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
                <BankAccountRow key={a.id} account={a} busy={busyId === a.id} onActivate={() => void activate(a)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AddAccountForm onAdded={props.onChanged} />
    </section>
  );
}

/** An account; an inactive one can be made the active one. */
function BankAccountRow({ account: a, busy, onActivate }: { account: BankAccount; busy: boolean; onActivate: () => void }) {
  return (
    <tr>
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
          <button type="button" className="btn btn-outline" disabled={busy} onClick={onActivate}>
            Activar
            <span className="visually-hidden">
              {' '}
              {a.bankName} {a.alias ?? a.cbu}
            </span>
          </button>
        )}
      </td>
    </tr>
  );
}

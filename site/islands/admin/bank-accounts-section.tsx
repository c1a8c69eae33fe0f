// Cuentas bancarias (super admin): the accounts that receive payments, one of them active (the one advertisers
// are shown to transfer to); add an account with the seed's rules, or make another one the active one.
import { useMemo } from 'react';
import { postData } from '#site/lib/admin-api.ts';
import AddAccountForm from './add-bank-account-form.tsx';
import { useExportList } from './panel-export.ts';
import PanelTable, { type PanelColumns } from './panel-table.tsx';
import { ACCOUNT_TYPE_LABELS } from '#shared/cbu.ts';
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
        <PanelTable
          label="Tabla de cuentas bancarias"
          caption="Cuentas bancarias"
          columns={accountColumns(busyId, (a) => void activate(a))}
          rows={props.accounts}
          rowKey={(a) => a.id}
        />
      )}
      <AddAccountForm onAdded={props.onChanged} />
    </section>
  );
}

/** The accounts; an inactive one can be made the active one. */
function accountColumns(busyId: number | null, onActivate: (account: BankAccount) => void): PanelColumns<BankAccount> {
  return [
    {
      header: 'Banco y titular',
      rowHeader: true,
      cell: (a) => (
        <>
          {a.bankName}
          <span className="panel__muted panel__block">{a.accountHolder}</span>
        </>
      ),
    },
    {
      header: 'Cuenta',
      cell: (a) => (
        <>
          {ACCOUNT_TYPE_LABELS[a.accountType]}
          <span className="panel__muted panel__block">{a.accountNumber}</span>
        </>
      ),
    },
    {
      header: 'CBU y alias',
      breakAnywhere: true,
      wide: true,
      cell: (a) => (
        <>
          <span className="panel__mono">{a.cbu}</span>
          <span className="panel__muted panel__block">{a.alias ?? 'Sin alias'}</span>
        </>
      ),
    },
    { header: 'Estado', cell: (a) => (a.active ? <span className="badge badge-verified">Activa</span> : 'Inactiva') },
    {
      header: 'Acciones',
      actions: true,
      cell: (a) =>
        !a.active && (
          <button type="button" className="btn btn-outline" disabled={busyId === a.id} onClick={() => onActivate(a)}>
            Activar
            <span className="visually-hidden">
              {' '}
              {a.bankName} {a.alias ?? a.cbu}
            </span>
          </button>
        ),
    },
  ];
}

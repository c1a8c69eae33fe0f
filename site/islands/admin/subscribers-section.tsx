// Suscriptores: every advertiser with verification and subscription status, filtered by status and searched by
// name, email or the DNI's last digits (case and accents ignored; the server sends the DNI masked); pending
// verifications open their review (documents, decision, the DNI in full).
import { useMemo, useState } from 'react';
import StatusSelect from './status-select.tsx';
import PanelDialog from './panel-dialog.tsx';
import VerificationReview from './verification-review.tsx';
import { categoryLabel } from '#shared/format.ts';
import { useExportList } from './panel-export.ts';
import PanelTable, { EmailText, type PanelColumns } from './panel-table.tsx';
import type { SubscriberItem } from '#shared/contracts/staff/verification.ts';

type Filter = 'all' | 'active' | 'inactive' | 'pending';
const FILTERS: [Filter, string][] = [
  ['all', 'Todos'],
  ['active', 'Activos'],
  ['inactive', 'Inactivos'],
  ['pending', 'Pendientes'],
];
const VERIFICATION_LABELS = { unverified: 'Sin enviar', pending: 'Pendiente', verified: 'Verificado', rejected: 'Rechazado' };
const PLAN_LABELS: Record<string, string> = { vip: 'VIP', premium: 'Premium', '': 'Gratuito' };

/** Rows drawn at once; the search narrows longer lists (the export still has every matching row). */
const MAX_ROWS = 300;
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** 'Exportar': every subscriber matching, beyond the rows drawn. */
function useSubscribersExport(shown: SubscriberItem[]) {
  useExportList(
    useMemo(
      () => ({
        name: 'suscriptores',
        columns: ['Nombre', 'Email', 'DNI', 'Categoría', 'Verificación', 'Suscripción', 'Plan'],
        rows: shown.map((s) => [
          s.fullName,
          s.email,
          s.dni,
          s.category ? categoryLabel(s.category) : '',
          VERIFICATION_LABELS[s.verificationStatus],
          s.subscriptionStatus === 'active' ? 'Activa' : 'Inactiva',
          PLAN_LABELS[s.subscriptionPlan] ?? s.subscriptionPlan,
        ]),
      }),
      [shown],
    ),
  );
}

/** The advertisers, with 'Revisar' on a pending verification for staff who may decide it. */
function subscriberColumns(canDecide: boolean, onReview: (s: SubscriberItem) => void): PanelColumns<SubscriberItem> {
  return [
    { header: 'Nombre', cell: (s) => s.fullName, rowHeader: true },
    { header: 'Email', cell: (s) => <EmailText email={s.email} />, breakAnywhere: true },
    { header: 'DNI', cell: (s) => s.dni ?? '—', nowrap: true },
    { header: 'Categoría', cell: (s) => (s.category ? categoryLabel(s.category) : '—') },
    { header: 'Verificación', cell: (s) => VERIFICATION_LABELS[s.verificationStatus] },
    { header: 'Suscripción', cell: (s) => (s.subscriptionStatus === 'active' ? 'Activa' : 'Inactiva') },
    { header: 'Plan', cell: (s) => PLAN_LABELS[s.subscriptionPlan] ?? s.subscriptionPlan },
    canDecide && {
      header: 'Acciones',
      actions: true,
      cell: (s) =>
        s.verificationStatus === 'pending' && (
          <button type="button" className="btn btn-primary" onClick={() => onReview(s)}>
            Revisar<span className="visually-hidden"> a {s.fullName}</span>
          </button>
        ),
    },
  ];
}

export default function SubscribersSection(props: {
  subscribers: SubscriberItem[];
  canDecide: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const [filter, setFilter] = useState<Filter>('all');
  const [query, setQuery] = useState('');
  const [reviewing, setReviewing] = useState<SubscriberItem | null>(null);

  const shown = useMemo(() => {
    const q = fold(query.trim());
    return props.subscribers.filter((s) => {
      if (filter === 'pending' && s.verificationStatus !== 'pending') return false;
      if ((filter === 'active' || filter === 'inactive') && s.subscriptionStatus !== filter) return false;
      return !q || [s.fullName, s.email, s.dni ?? ''].some((field) => fold(field).includes(q));
    });
  }, [props.subscribers, filter, query]);

  useSubscribersExport(shown);

  return (
    <section aria-labelledby="panel-section-title" className="panel__section">
      <h1 id="panel-section-title" tabIndex={-1}>
        Suscriptores
      </h1>
      <div className="panel__filters">
        <StatusSelect id="subscriber-filter" value={filter} options={FILTERS} onChange={setFilter} />
        <div className="field">
          <label htmlFor="subscriber-search">Buscar por nombre, email o últimos dígitos del DNI</label>
          <input id="subscriber-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
      </div>
      <p aria-live="polite" className="panel__count">
        {shown.length === 1 ? '1 suscriptor' : `${shown.length} suscriptores`}
        {shown.length > MAX_ROWS && ` (se muestran los primeros ${MAX_ROWS}; buscá para acotar)`}
      </p>
      {shown.length === 0 ? (
        <p>No hay suscriptores que coincidan.</p>
      ) : (
        <PanelTable
          label="Tabla de suscriptores"
          caption="Suscriptores"
          columns={subscriberColumns(props.canDecide, setReviewing)}
          rows={shown.slice(0, MAX_ROWS)}
          rowKey={(s) => s.id}
        />
      )}
      <PanelDialog
        title={reviewing ? `Verificación de ${reviewing.fullName}` : ''}
        open={reviewing !== null}
        onClose={() => setReviewing(null)}
      >
        {reviewing && <VerificationReview subscriber={reviewing} onDecided={props.onChanged} onClose={() => setReviewing(null)} />}
      </PanelDialog>
    </section>
  );
}

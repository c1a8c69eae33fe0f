// Suscriptores: every advertiser with verification and subscription status, filtered by status and searched by
// name, email or DNI (case and accents ignored); pending verifications open their review (documents, decision).
import { useMemo, useState } from 'react';
import StatusSelect from './status-select.tsx';
import PanelDialog from './panel-dialog.tsx';
import VerificationReview from './verification-review.tsx';
import { categoryLabel } from '#shared/format.ts';
import { useExportList } from './panel-export.ts';
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

/** An advertiser; a pending verification can be reviewed by staff who may decide it. */
function SubscriberRow(props: { subscriber: SubscriberItem; canDecide: boolean; onReview: () => void }) {
  const { subscriber: s, canDecide, onReview } = props;
  return (
    <tr>
      <th scope="row">{s.fullName}</th>
      <td>{s.email}</td>
      <td>{s.dni ?? '—'}</td>
      <td>{s.category ? categoryLabel(s.category) : '—'}</td>
      <td>{VERIFICATION_LABELS[s.verificationStatus]}</td>
      <td>{s.subscriptionStatus === 'active' ? 'Activa' : 'Inactiva'}</td>
      <td>{PLAN_LABELS[s.subscriptionPlan] ?? s.subscriptionPlan}</td>
      {canDecide && (
        <td>
          {s.verificationStatus === 'pending' && (
            <button type="button" className="btn btn-primary" onClick={onReview}>
              Revisar<span className="visually-hidden"> a {s.fullName}</span>
            </button>
          )}
        </td>
      )}
    </tr>
  );
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
          <label htmlFor="subscriber-search">Buscar por nombre, email o DNI</label>
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
        <div className="panel__table-wrap" tabIndex={0} role="region" aria-label="Tabla de suscriptores">
          <table className="panel__table">
            <caption className="visually-hidden">Suscriptores</caption>
            <thead>
              <tr>
                <th scope="col">Nombre</th>
                <th scope="col">Email</th>
                <th scope="col">DNI</th>
                <th scope="col">Categoría</th>
                <th scope="col">Verificación</th>
                <th scope="col">Suscripción</th>
                <th scope="col">Plan</th>
                {props.canDecide && <th scope="col">Acciones</th>}
              </tr>
            </thead>
            <tbody>
              {shown.slice(0, MAX_ROWS).map((s) => (
                <SubscriberRow key={s.id} subscriber={s} canDecide={props.canDecide} onReview={() => setReviewing(s)} />
              ))}
            </tbody>
          </table>
        </div>
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

// Arrepentimientos, at the top of Pagos (decision 068): each "Botón de arrepentimiento" request with what it revoked and its
// state. Staff return the money by hand (the same way it was paid) and then mark the request refunded (audited).
import { postData } from '#site/lib/admin-api.ts';
import { formatMoney } from '#shared/format.ts';
import type { RevocationItem as Revocation } from '#shared/contracts/staff/revocations.ts';
import PanelTable, { EmailText, type PanelColumns } from './panel-table.tsx';
import { formatDateTime } from './labels.ts';
import { usePanelAction } from './use-panel-action.ts';
import { usePanelList } from './use-panel-list.ts';

const STATUS_LABELS: Record<Revocation['status'], string> = {
  pending: 'Pendiente de reembolso',
  refunded: 'Reembolsado',
  not_charged: 'Sin cobro (pago cancelado)',
};

function revocationColumns(canRefund: boolean, busyId: number | null, onRefunded: (r: Revocation) => void): PanelColumns<Revocation> {
  return [
    { header: 'Fecha', cell: (r) => formatDateTime(r.createdAt), nowrap: true },
    { header: 'Código', cell: (r) => r.code, rowHeader: true, nowrap: true },
    {
      header: 'Anunciante',
      breakAnywhere: true,
      cell: (r) =>
        r.advertiserName ? (
          <>
            {r.advertiserName}
            {r.advertiserEmail && (
              <span className="panel__muted panel__block">
                <EmailText email={r.advertiserEmail} />
              </span>
            )}
          </>
        ) : (
          'Cuenta eliminada'
        ),
    },
    {
      header: 'Compra',
      wide: true,
      cell: (r) => (
        <>
          {r.description}
          <span className="panel__muted panel__block panel-table__anywhere">{r.paymentReference}</span>
        </>
      ),
    },
    {
      header: 'Estado',
      cell: (r) => (
        <>
          {STATUS_LABELS[r.status]}
          {r.refundedAt && <span className="panel__muted panel__block">{formatDateTime(r.refundedAt)}</span>}
        </>
      ),
    },
    { header: 'Monto', cell: (r) => formatMoney(r.amount), numeric: true },
    canRefund && {
      header: 'Acciones',
      actions: true,
      cell: (r) =>
        r.status === 'pending' && (
          <button type="button" className="btn btn-primary" disabled={busyId === r.id} onClick={() => onRefunded(r)}>
            Marcar como reembolsado<span className="visually-hidden"> el pedido {r.code}</span>
          </button>
        ),
    },
  ];
}

/** onUnauthorized must be stable. */
export default function RevocationsSection(props: { reloadToken: number; onUnauthorized: () => void; canRefund: boolean }) {
  const action = usePanelAction();
  const { items, error, reload } = usePanelList<Revocation>(
    'revocations',
    props.reloadToken,
    props.onUnauthorized,
    'No se pudieron cargar los arrepentimientos.',
  );
  const refunded = (r: Revocation) =>
    action.run(
      r.id,
      () => postData(`revocations/${r.id}/refunded`),
      { success: { title: 'Arrepentimiento marcado como reembolsado', description: r.code }, failure: 'No se pudo marcar el reembolso' },
      reload,
    );
  const waiting = items?.filter((r) => r.status === 'pending') ?? [];

  return (
    <section aria-labelledby="revocations-title">
      <h2 id="revocations-title">Arrepentimientos</h2>
      <p className="panel__lead">
        Pedidos del Botón de arrepentimiento. Devolvé el importe por el mismo medio de pago y después marcalo como reembolsado.
      </p>
      {error && <p role="alert">{error}</p>}
      {!items && !error && <p aria-live="polite">Cargando…</p>}
      {items && (
        <p aria-live="polite" className="panel__count">
          {waiting.length === 1 ? '1 pendiente de reembolso' : `${waiting.length} pendientes de reembolso`} ·{' '}
          {formatMoney(waiting.reduce((sum, r) => sum + r.amount, 0))}
        </p>
      )}
      {items?.length === 0 && <p>No hay pedidos de arrepentimiento.</p>}
      {items && items.length > 0 && (
        <PanelTable
          label="Tabla de arrepentimientos"
          caption="Arrepentimientos"
          columns={revocationColumns(props.canRefund, action.busyId, (r) => void refunded(r))}
          rows={items}
          rowKey={(r) => r.id}
        />
      )}
    </section>
  );
}

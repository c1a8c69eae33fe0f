// The review of one pending verification: what the advertiser declared, the documents (decrypted by the server
// for staff with the verification permission, each view audited), and the decision. Rejecting needs a reason,
// which the advertiser sees.
import { useEffect, useState, type FormEvent } from 'react';
import ReasonField from './reason-field.tsx';
import { showToast } from '#site/stores/toasts.ts';
import { getData, postData, serverMessage } from '#site/lib/admin-api.ts';
import type { PendingVerification, SubscriberItem, VerificationRequestAnswer } from '#shared/contracts/staff/verification.ts';

const DOCUMENT_LABELS = { dni_front: 'Frente del DNI', dni_back: 'Dorso del DNI', selfie: 'Selfie con el DNI' } as const;
const GENDER_LABELS = { M: 'Masculino', F: 'Femenino', X: 'No binario' } as const;

function age(birthDate: string): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const today = new Date();
  return today.getFullYear() - y - (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d) ? 1 : 0);
}
const dayMonthYear = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/** The pending request (null when no documents were sent), loaded when the review opens. */
function useVerificationRequest(subscriberId: number) {
  const [request, setRequest] = useState<PendingVerification | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getData<VerificationRequestAnswer>('subscribers', String(subscriberId), 'verification').then(
      (answer) => live && setRequest(answer.request),
      (err) => live && setLoadError(serverMessage(err) ?? 'No se pudo cargar la solicitud.'),
    );
    return () => {
      live = false;
    };
  }, [subscriberId]);
  return { request, loadError };
}

export default function VerificationReview(props: { subscriber: SubscriberItem; onDecided: () => Promise<unknown>; onClose: () => void }) {
  const { subscriber } = props;
  const { request, loadError } = useVerificationRequest(subscriber.id);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function decide(action: 'verify' | 'reject', event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    if (action === 'reject' && reason.trim().length < 5) {
      setReasonError('Escribí el motivo del rechazo: el anunciante lo va a ver.');
      document.getElementById('reject-reason')?.focus();
      return;
    }
    setBusy(true);
    try {
      await postData(`subscribers/${subscriber.id}/${action}`, action === 'reject' ? { reason: reason.trim() } : undefined);
      const title = action === 'verify' ? 'Verificación aprobada' : 'Verificación rechazada';
      showToast({ title, description: subscriber.fullName, variant: 'success' });
      props.onClose();
      await props.onDecided();
    } catch (err) {
      showToast({
        title: action === 'verify' ? 'No se pudo verificar el suscriptor' : 'No se pudo rechazar la verificación',
        description: serverMessage(err),
        variant: 'error',
      });
      setBusy(false);
    }
  }

  return (
    <div className="panel__review">
      {loadError && <p role="alert">{loadError}</p>}
      {request === undefined && !loadError && <p aria-live="polite">Cargando la solicitud…</p>}
      {request === null && <p>No hay documentos enviados para esta verificación.</p>}
      {request && (
        <>
          <DeclaredFacts request={request} email={subscriber.email} />
          <IdentityDocuments request={request} />
        </>
      )}
      {rejecting ? (
        <form className="panel__form" onSubmit={(e) => void decide('reject', e)} noValidate>
          <ReasonField
            id="reject-reason"
            label="Motivo del rechazo (lo ve el anunciante)"
            value={reason}
            error={reasonError}
            onChange={(value) => {
              setReason(value);
              setReasonError(null);
            }}
          />
          <div className="panel__form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Confirmar rechazo
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setRejecting(false)}>
              Volver
            </button>
          </div>
        </form>
      ) : (
        <div className="panel__form-actions">
          <button type="button" className="btn btn-primary" disabled={busy || request === undefined} onClick={() => void decide('verify')}>
            Aprobar verificación
          </button>
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => setRejecting(true)}>
            Rechazar
          </button>
          <button type="button" className="btn btn-outline" onClick={props.onClose}>
            Cerrar
          </button>
        </div>
      )}
    </div>
  );
}

/** What the advertiser declared, and the account it was sent from. */
function DeclaredFacts({ request, email }: { request: PendingVerification; email: string }) {
  return (
    <dl className="panel__facts">
      <dt>Método</dt>
      <dd>{request.method === 'renaper' ? 'RENAPER (revisión del equipo)' : 'Revisión manual'}</dd>
      <dt>Nombre según DNI</dt>
      <dd>{request.fullName}</dd>
      <dt>Nacimiento</dt>
      <dd>
        {dayMonthYear(request.birthDate)} ({age(request.birthDate)} años)
      </dd>
      {request.dni && (
        <>
          <dt>DNI</dt>
          <dd>{request.dni}</dd>
        </>
      )}
      {request.tramite && (
        <>
          <dt>Trámite</dt>
          <dd>{request.tramite}</dd>
        </>
      )}
      {request.gender && (
        <>
          <dt>Género</dt>
          <dd>{GENDER_LABELS[request.gender]}</dd>
        </>
      )}
      <dt>Cuenta</dt>
      <dd>{email}</dd>
    </dl>
  );
}

/** The documents, decrypted by the server for staff with the verification permission (each view audited). */
function IdentityDocuments({ request }: { request: PendingVerification }) {
  return (
    <div className="panel__documents">
      {request.documents.map((doc) => (
        <figure key={doc.id}>
          <a href={`/api/admin/identity-documents/${doc.id}`} target="_blank" rel="noopener">
            <img
              src={`/api/admin/identity-documents/${doc.id}`}
              alt={`${DOCUMENT_LABELS[doc.kind]} de ${request.fullName}`}
              loading="lazy"
            />
          </a>
          <figcaption>{DOCUMENT_LABELS[doc.kind]}</figcaption>
        </figure>
      ))}
    </div>
  );
}

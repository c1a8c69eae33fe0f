// Mensajes (permission 'view reports'): what visitors wrote in the contact form, oldest open first. Staff answer
// by email and mark the message answered.
import { useMemo, useState } from 'react';
import StatusSelect from './status-select.tsx';
import { postData } from '#site/lib/admin-api.ts';
import { usePanelList } from './use-panel-list.ts';
import type { ContactMessageItem as ContactMessage } from '#shared/contracts/staff/reports.ts';
import { CONTACT_TOPICS } from '#shared/contact-topics.ts';
import { useExportList } from './panel-export.ts';
import { exportDateTime, formatDateTime } from './labels.ts';
import { usePanelAction } from './use-panel-action.ts';

const STATUSES: [ContactMessage['status'], string][] = [
  ['open', 'Sin responder'],
  ['answered', 'Respondidos'],
];
const topicLabel = (value: string) => CONTACT_TOPICS.find((t) => t.value === value)?.label ?? value;

/** onUnauthorized must be stable. */
export default function MessagesSection(props: { reloadToken: number; onUnauthorized: () => void }) {
  const [status, setStatus] = useState<ContactMessage['status']>('open');
  const action = usePanelAction();
  const { busyId } = action;
  const {
    items: messages,
    error,
    reload,
  } = usePanelList<ContactMessage>(
    `messages?status=${status}`,
    props.reloadToken,
    props.onUnauthorized,
    'No se pudieron cargar los mensajes.',
  );

  useExportList(
    useMemo(
      () =>
        messages && {
          name: 'mensajes',
          columns: ['Fecha', 'Nombre', 'Email', 'Tema', 'Mensaje'],
          rows: messages.map((m) => [exportDateTime(m.createdAt), m.name, m.email, topicLabel(m.topic), m.message]),
        },
      [messages],
    ),
  );

  const answered = (message: ContactMessage) =>
    action.run(
      message.id,
      () => postData(`messages/${message.id}/answered`),
      { success: { title: 'Mensaje marcado como respondido', description: message.email }, failure: 'No se pudo marcar el mensaje' },
      reload,
    );

  return (
    <section aria-labelledby="panel-section-title" className="panel__section">
      <h1 id="panel-section-title" tabIndex={-1}>
        Mensajes
      </h1>
      <div className="panel__filters">
        <StatusSelect id="messages-status" value={status} options={STATUSES} onChange={setStatus} />
      </div>
      {error && <p role="alert">{error}</p>}
      {!messages && !error && <p aria-live="polite">Cargando…</p>}
      {messages && (
        <p aria-live="polite" className="panel__count">
          {messages.length === 1 ? '1 mensaje' : `${messages.length} mensajes`}
        </p>
      )}
      {messages?.length === 0 && <p>No hay mensajes en este estado.</p>}
      <ul className="panel__ads">
        {messages?.map((m) => (
          <li key={m.id} className="card panel__ad">
            <h2>{topicLabel(m.topic)}</h2>
            <p className="panel__muted">
              {formatDateTime(m.createdAt)} · {m.name ? `${m.name} · ` : ''}
              <a href={`mailto:${m.email}`}>{m.email}</a>
            </p>
            <p className="panel__ad-text">{m.message}</p>
            {m.status === 'open' && (
              <div className="panel__form-actions">
                <button type="button" className="btn btn-outline" disabled={busyId === m.id} onClick={() => void answered(m)}>
                  Marcar como respondido<span className="visually-hidden"> el mensaje de {m.email}</span>
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

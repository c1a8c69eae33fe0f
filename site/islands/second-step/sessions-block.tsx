// "Sesiones activas" in "Seguridad": every browser signed in to this account, this one marked, and "Cerrar las
// demás", which ends all the others at once.
import { postStep } from '#site/lib/second-step-api.ts';
import BlockFeedback from './block-feedback.tsx';
import type { BlockProps } from './passkeys-block.tsx';
import { formatDayAndTime } from './security-dates.ts';

const ended = (n: number) => (n === 1 ? 'Cerramos 1 sesión.' : `Cerramos ${n} sesiones.`);

export default function SessionsBlock({ overview, action, level }: Omit<BlockProps, 'onCodes'>) {
  const Heading = `h${level}` as 'h2' | 'h3';
  const others = overview.sessions.filter((s) => !s.current).length;
  function endOthers() {
    if (others === 0) return;
    void action.run('sessions', async () => ended((await postStep<{ ended: number }>(action.base, 'security/sessions/end-others')).ended));
  }

  return (
    <section className="security__block" aria-labelledby="security-sessions-title">
      <Heading id="security-sessions-title" tabIndex={-1}>
        Sesiones activas
      </Heading>
      <ul className="security__list">
        {overview.sessions.map((session) => (
          <li key={session.id}>
            <span className="security__item">
              {session.device ?? 'Navegador desconocido'} · último uso {formatDayAndTime(session.lastSeenAt)}
            </span>
            {session.current && <span className="badge security__current">Esta sesión</span>}
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-outline"
          // aria-disabled, not disabled: the button keeps the focus after it ended the others.
          aria-disabled={others === 0 || undefined}
          aria-describedby={others === 0 ? 'security-sessions-hint' : undefined}
          onClick={endOthers}
        >
          {action.busy === 'sessions' ? 'Cerrando…' : 'Cerrar las demás'}
        </button>
      </div>
      {others === 0 && (
        <p id="security-sessions-hint" className="form-hint">
          No tenés otras sesiones abiertas.
        </p>
      )}
      <BlockFeedback block="sessions" action={action} />
    </section>
  );
}

// What a block of "Seguridad" says after a change: done (a polite live region, always there so that it is read
// when it fills), or why not (an alert), with "Ingresar de nuevo" when the change needs a recent sign-in.
import { signInAgain } from '#site/lib/second-step-api.ts';
import type { SecurityAction, SecurityBlock } from './use-security-action.ts';

export default function BlockFeedback({ block, action }: { block: SecurityBlock; action: SecurityAction }) {
  const problem = action.problem?.block === block ? action.problem : null;
  const status = action.status?.block === block ? action.status.text : '';
  return (
    <>
      {/* Hidden (not removed) while empty: a region added with its text is not always read. */}
      <p className={status ? 'security__status' : 'visually-hidden'} role="status">
        {status}
      </p>
      {problem && (
        <div className="form-alert" role="alert">
          <p>{problem.text}</p>
          {problem.signInAgain && (
            <p>
              <button type="button" className="btn btn-outline btn-small" onClick={() => void signInAgain(action.base)}>
                Ingresar de nuevo
              </button>
            </p>
          )}
        </div>
      )}
    </>
  );
}

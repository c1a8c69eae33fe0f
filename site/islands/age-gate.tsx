// The 18+ gate. Rendered on the server so that a new visitor sees it at first paint; a visitor who already
// accepted never sees it (an inline script in the layout hides it before paint).
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $ageVerified, AGE_REJECTED_MESSAGE, acceptAge, loadAgeVerified } from '#site/stores/age-gate.ts';

/** `returnTo`: this page's path, where the no-JavaScript form comes back to after POST /confirmar-edad. */
export default function AgeGate(props: { returnTo: string }) {
  const verified = useStore($ageVerified);
  const [rejected, setRejected] = useState(false);
  const acceptRef = useRef<HTMLButtonElement>(null);

  useEffect(loadAgeVerified, []);

  // Until storage is read (verified === null) the gate stays as the server rendered it.
  const open = verified !== true;
  useEffect(() => {
    if (verified === null) return;
    const page = document.getElementById('page');
    if (open) {
      page?.setAttribute('inert', '');
      acceptRef.current?.focus();
    } else if (page?.hasAttribute('inert')) {
      // The focused button is gone with the gate: continue at the page's content.
      page.removeAttribute('inert');
      document.getElementById('contenido')?.focus();
    }
  }, [verified, open]);

  if (!open) return null;
  return (
    <div className="age-gate" role="dialog" aria-modal="true" aria-labelledby="age-gate-title" aria-describedby="age-gate-text">
      <div className="age-gate__panel">
        <img src="/icons/logo.svg" alt="" width="56" height="56" />
        <h2 id="age-gate-title">¿Sos mayor de 18 años?</h2>
        <p id="age-gate-text">
          Velada publica avisos clasificados para personas adultas. Para ingresar confirmá que tenés 18 años o más y que aceptás los{' '}
          <a href="/terminos-condiciones">Términos y condiciones</a>.
        </p>
        {rejected && (
          <p className="age-gate__error" role="alert">
            {AGE_REJECTED_MESSAGE}
          </p>
        )}
        {/* Without JavaScript the buttons post this form; with it, the answer is handled here. */}
        <form
          className="age-gate__actions"
          method="post"
          action="/confirmar-edad"
          onSubmit={(event) => {
            event.preventDefault();
            const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            if (submitter?.value === 'si') acceptAge();
            else setRejected(true);
          }}
        >
          <input type="hidden" name="volver" value={props.returnTo} />
          <button ref={acceptRef} type="submit" name="respuesta" value="si" className="btn btn-primary">
            Soy mayor de 18, ingresar
          </button>
          <button type="submit" name="respuesta" value="no" className="btn btn-outline">
            Soy menor de edad
          </button>
        </form>
      </div>
    </div>
  );
}

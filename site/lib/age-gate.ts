// What the age gate does in the browser (site/components/age-gate.astro): removed at once for a visitor who already
// accepted; otherwise the page behind it is inert and the accept button has the focus. Accepting stores the answer
// and closes the gate; rejecting keeps it, with the seed's message.
import { $ageVerified, acceptAge, loadAgeVerified } from '#site/stores/age-gate.ts';

export function startAgeGate(gate: HTMLElement): void {
  const page = document.getElementById('page');
  const form = gate.querySelector('form')!;
  const accept = form.querySelector<HTMLButtonElement>('button[value="si"]')!;

  loadAgeVerified();
  if ($ageVerified.get()) {
    // Accepted before (the cookie may say so where localStorage did not): past the gate (site/lib/past-age-gate.ts).
    document.documentElement.classList.add('age-ok');
    gate.remove();
    return;
  }
  page?.setAttribute('inert', '');
  accept.focus();

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const submitter = event.submitter as HTMLButtonElement | null;
    if (submitter?.value === 'si') {
      acceptAge();
      gate.remove();
      // The focused button is gone with the gate: continue at the page's content.
      page?.removeAttribute('inert');
      document.getElementById('contenido')?.focus();
    } else if (!gate.querySelector('.age-gate__error')) {
      const error = document.createElement('p');
      error.className = 'age-gate__error';
      error.setAttribute('role', 'alert');
      // In the page's language, as the server wrote it (docs/decisions/070-languages.md).
      error.textContent = gate.dataset.rejectedMessage ?? '';
      form.before(error);
    }
  });
  // Tests and tools can tell a gate that answers from one whose script has not run yet.
  gate.dataset.ready = '';
}

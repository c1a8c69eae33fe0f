// Registers /service-worker.js and asks for updates every 60 s, as the seed does. Only once past the age gate: a
// visitor who has not entered (or who has just used "Borrar rastros", decision 037) gets no offline copies.
import { whenPastAgeGate } from './past-age-gate.ts';

const UPDATE_INTERVAL_MS = 60_000;

function register(): void {
  navigator.serviceWorker
    .register('/service-worker.js', { scope: '/' })
    .then((registration) => {
      setInterval(() => registration.update().catch(() => undefined), UPDATE_INTERVAL_MS);
    })
    .catch((error) => console.warn('Service worker no registrado', error));
}

if ('serviceWorker' in navigator && window.isSecureContext) {
  window.addEventListener('load', () => whenPastAgeGate(register));
}

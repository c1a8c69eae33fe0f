// Registers /service-worker.js and asks for updates every 60 s, as the seed does.
const UPDATE_INTERVAL_MS = 60_000;

if ('serviceWorker' in navigator && window.isSecureContext) {
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/service-worker.js', { scope: '/' })
      .then((registration) => {
        setInterval(() => registration.update().catch(() => undefined), UPDATE_INTERVAL_MS);
      })
      .catch((error) => console.warn('Service worker no registrado', error));
  });
}

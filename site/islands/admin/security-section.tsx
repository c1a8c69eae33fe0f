// Seguridad: this admin's own passkeys, authenticator app, recovery codes and sessions (the blocks are shared with
// the advertisers' Mi cuenta, site/islands/second-step/).
import SecuritySettings from '#site/islands/second-step/security-settings.tsx';

export default function SecuritySection({ reloadToken }: { reloadToken: number }) {
  return (
    <section aria-labelledby="panel-section-title" className="panel__section">
      <h1 id="panel-section-title" tabIndex={-1}>
        Seguridad
      </h1>
      <SecuritySettings base="/api/admin" level={2} reloadToken={reloadToken} />
    </section>
  );
}

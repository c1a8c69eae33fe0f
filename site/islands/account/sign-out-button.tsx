// 'Cerrar sesión' for advertisers: ends the session on the server, then goes home.
import { useState } from 'react';
import { accountCall } from '#site/lib/api-client.ts';

export default function SignOutButton() {
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    try {
      await accountCall('logout');
    } finally {
      // Signed out or not reachable: either way this page is no longer the advertiser's.
      window.location.assign('/');
    }
  }
  return (
    <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void signOut()}>
      Cerrar sesión
    </button>
  );
}

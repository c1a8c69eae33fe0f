// Search alerts in the service worker (docs/decisions/038-favourites-and-alerts.md), imported by the generated
// worker (astro.config.mjs, workbox.importScripts). A notification says only "Velada" and a count: it shows on lock
// screens. A click opens the search; "Dejar de avisar" deletes the alert, proving the device with its subscription.
// The server writes the count, the search's address and the action's title in the alert's language; a message sent
// before it named the action's title shows it in Spanish, as they all were then.
self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    return;
  }
  if (!message || typeof message.body !== 'string') return;
  const url = typeof message.url === 'string' && message.url.startsWith('/') ? message.url : '/buscar';
  event.waitUntil(
    self.registration.showNotification('Velada', {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: `search-alert-${message.alertId}`,
      data: { url, alertId: message.alertId },
      actions: [{ action: 'dejar-de-avisar', title: typeof message.stop === 'string' ? message.stop : 'Dejar de avisar' }],
    }),
  );
});

async function stopAlert(alertId) {
  const subscription = await self.registration.pushManager.getSubscription();
  const json = subscription && subscription.toJSON();
  if (!json || !json.endpoint || !json.keys || !Number.isInteger(alertId)) return;
  await fetch(`/api/search-alerts/${alertId}`, {
    method: 'DELETE',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ endpoint: json.endpoint, auth: json.keys.auth }),
  }).catch(() => undefined);
}

async function openSearch(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if (new URL(client.url).origin === self.location.origin && 'navigate' in client) {
      await client.focus();
      return client.navigate(url);
    }
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data || {};
  event.notification.close();
  if (event.action === 'dejar-de-avisar') event.waitUntil(stopAlert(data.alertId));
  else event.waitUntil(openSearch(data.url || '/buscar'));
});

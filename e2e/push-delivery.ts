// A push message delivered to the site's service worker through the browser itself (the DevTools protocol), as a push
// service would make it, and the notifications it shows. The protocol names registrations by id; every live one it
// reports gets the message until the notification shows (a registration can be reported before the worker is active,
// and the same tag shows one notification).
import type { BrowserContext, Page } from '@playwright/test';

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  actions: string[];
}

/** Listens for the page's worker registrations; the function returned delivers `data` and reads what is shown. */
export async function pushDelivery(context: BrowserContext, page: Page): Promise<(data: string) => Promise<ShownNotification[]>> {
  const cdp = await context.newCDPSession(page);
  const registrations = new Set<string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const r of event.registrations)
      if (r.isDeleted) registrations.delete(r.registrationId);
      else registrations.add(r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  const origin = new URL(page.url()).origin;
  return async (data) => {
    for (const registrationId of registrations)
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data }).catch(() => undefined);
    return page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        actions: ((n as Notification & { actions?: { title: string }[] }).actions ?? []).map((a) => a.title),
      }));
    });
  };
}

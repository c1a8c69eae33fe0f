// What the safety alert tests share (safety-alerts.test.ts, safety-alerts-access.test.ts): a panel, advertisers by
// verification status, and calls as an advertiser (file, look up) and as staff.
import { afterAll, beforeAll, expect } from 'vitest';
import { startPanel, type Panel } from '#api/testing/panel.ts';
import { insertAdvertiser } from '#tooling/factories/index.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import { buenosAiresDate, shiftDate } from '#shared/dates.ts';
import { type SafetyAlertLookup } from '#shared/safety-alerts.ts';
import type { SafetyAlertReview } from '#shared/contracts/staff/safety-alerts.ts';

export let panel: Panel;

export const db = () => panel.t.db;
export const DAY_MS = 86_400_000;
export const daysAgo = (days: number) => shiftDate(buenosAiresDate(new Date()), 0, -days);

let advertiserCount = 0;
export async function advertiser(verificationStatus: 'verified' | 'unverified' | 'pending' | 'rejected' = 'verified') {
  advertiserCount += 1;
  const fullName = `Anunciante Alertas ${advertiserCount}`;
  const email = `alertas${advertiserCount}@ejemplo.com`;
  const id = await insertAdvertiser(db(), { verificationStatus, fullName, email });
  return { id, fullName, email, cookie: await advertiserSessions.create(db(), id) };
}

export async function asAdvertiser(cookie: string | undefined, method: string, path: string, body?: unknown) {
  const res = await fetch(`${panel.server.url}/api/advertiser/safety-alerts${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'Sec-Fetch-Site': 'same-origin',
      ...(cookie ? { Cookie: `${advertiserSessions.cookie}=${cookie}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res;
}

export const report = (cookie: string, body: Record<string, unknown>) =>
  asAdvertiser(cookie, 'POST', '', { kind: 'robo', description: 'Se fue sin pagar y se llevó un celular.', ...body });

export async function fileOk(cookie: string, body: Record<string, unknown>): Promise<number> {
  const res = await report(cookie, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

export async function lookup(cookie: string, phone: string): Promise<SafetyAlertLookup> {
  const res = await asAdvertiser(cookie, 'POST', '/lookup', { phone });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SafetyAlertLookup;
}

export async function staff(action: string, id: number, body?: unknown, cookie = panel.cookies.view_reports) {
  return panel.call('POST', `/api/admin/safety-alerts/${id}/${action}`, cookie, body);
}

export async function staffList(status: string): Promise<SafetyAlertReview[]> {
  const res = await panel.call('GET', `/api/admin/safety-alerts?status=${status}`, panel.cookies.view_reports);
  expect(res.status).toBe(200);
  return (await res.json()) as SafetyAlertReview[];
}

/** Registers the file's panel: started before its tests, closed after them. */
export function useSafetyAlertsPanel(): void {
  beforeAll(async () => {
    panel = await startPanel();
  });
  afterAll(() => panel.close());
}

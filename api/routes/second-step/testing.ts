// A browser for the second step's HTTP tests: its own cookies (session, step, device) kept between calls, its own
// address and User-Agent, calls to /api/admin or /api/advertiser.
import { totpCode, totpStep } from '#core/second-step/totp.ts';
import type { Panel } from '#api/testing/panel.ts';
import { softAuthenticator } from '#tooling/testing/soft-authenticator.ts';
import type { SecurityOverview } from '#shared/contracts/second-step.ts';

export class TestBrowser {
  readonly cookies = new Map<string, string>();
  readonly ip: string;
  readonly userAgent: string;
  private readonly baseUrl: string;

  constructor(baseUrl: string, ip: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36') {
    this.baseUrl = baseUrl;
    this.ip = ip;
    this.userAgent = userAgent;
  }

  async call(method: string, path: string, body?: unknown): Promise<Response> {
    const res = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        'Sec-Fetch-Site': 'same-origin',
        'X-Forwarded-For': this.ip,
        'User-Agent': this.userAgent,
        Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(body ?? {}),
    });
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      if (value && !/max-age=0|expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.set(name.trim(), value);
      else this.cookies.delete(name.trim());
    }
    return res;
  }

  async json<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await this.call(method, path, body);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }
}

/** The code an authenticator app shows for this secret, `stepsFromNow` 30-second steps away. */
export const appCode = (secret: string, stepsFromNow = 0) => totpCode(secret, totpStep(new Date()) + stepsFromNow);

/**
 * The super admin's factors for the panel's access test of the "Seguridad" routes: two passkeys (one to remove, one to
 * keep), an answer ready for a third, and an authenticator app being set up whose code the test computes.
 */
export async function superAdminFactors(panel: Panel) {
  // Each passkey on a device of its own: a device holds one passkey per account.
  const register = async () => {
    const options = await panel.call('POST', '/api/admin/security/passkeys/options', panel.cookies.super);
    return softAuthenticator().register((await options.json()) as never, panel.server.url);
  };
  for (let i = 0; i < 2; i++) {
    const added = await panel.call('POST', '/api/admin/security/passkeys', panel.cookies.super, { response: await register() });
    if (added.status !== 200) throw new Error(`passkey not added: ${added.status}`);
  }
  const passkeyAnswer = await register();
  const overview = (await (await panel.call('GET', '/api/admin/security', panel.cookies.super)).json()) as SecurityOverview;
  const setup = (await (await panel.call('POST', '/api/admin/security/totp', panel.cookies.super)).json()) as { secret: string };
  return { passkeyAnswer, removablePasskeyId: overview.passkeys[0]!.id, pendingSecret: setup.secret };
}

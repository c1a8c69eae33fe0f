// A browser for the second step's HTTP tests: its own cookies (session, step, device) kept between calls, its own
// address and User-Agent, calls to /api/admin or /api/advertiser.
import { totpCode, totpStep } from '#core/second-step/totp.ts';

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

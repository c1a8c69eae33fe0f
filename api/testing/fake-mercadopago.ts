// A local stand-in for MercadoPago's API, for tests: Checkout Pro preferences and payments, as their API shapes
// them. Tests decide what each payment says (approved, amount, reference) and whether the API is down.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePayment {
  status: string;
  external_reference: string;
  transaction_amount: number;
  currency_id?: string;
}

export interface FakeMercadoPago {
  url: string;
  accessToken: string;
  preferences: Record<string, unknown>[];
  payments: Map<string, FakePayment>;
  /** While true, every call answers 500. */
  down: boolean;
  close(): Promise<void>;
}

export async function startFakeMercadoPago(accessToken = 'TEST-fake-access-token'): Promise<FakeMercadoPago> {
  const fake = { preferences: [] as Record<string, unknown>[], payments: new Map<string, FakePayment>(), down: false };
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (fake.down) return send(500, { message: 'internal_error' });
      if (req.headers.authorization !== `Bearer ${accessToken}`) return send(401, { message: 'invalid access token' });
      if (req.method === 'POST' && req.url === '/checkout/preferences') {
        const body = JSON.parse(raw) as Record<string, unknown>;
        const id = `pref-${fake.preferences.length + 1}`;
        fake.preferences.push({ id, ...body });
        return send(201, { id, init_point: `${address}/checkout/v1/redirect?pref_id=${id}` });
      }
      const payment = /^\/v1\/payments\/([\w-]+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && payment) {
        const found = fake.payments.get(payment[1]!);
        return found ? send(200, { id: Number(payment[1]), currency_id: 'ARS', ...found }) : send(404, { message: 'Payment not found' });
      }
      send(404, { message: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url: address,
    accessToken,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

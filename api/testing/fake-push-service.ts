// A local stand-in for a browser's push service, for tests: it takes Web Push requests (RFC 8030), answers what the
// test says (201, 410, 500...), records them, and opens their aes128gcm payload (RFC 8188, RFC 8291) with the test
// device's private key, so a test reads the very text a phone would show.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's subscription as a test makes it: a real P-256 key pair and auth secret, an endpoint on the fake. */
export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Private: only the "browser" knows it. */
  ecdh: crypto.ECDH;
}

export interface PushDelivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  status: number;
  /** The decrypted payload, when the path is a device's and the payload opened. */
  text: string | null;
}

export interface FakePushService {
  url: string;
  deliveries: PushDelivery[];
  /** What the service answers for a path (201 unless set). */
  answer: (path: string) => number;
  newDevice(): TestDevice;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const devices = new Map<string, TestDevice>();
  const fake: Omit<FakePushService, 'url' | 'newDevice' | 'close'> = { deliveries: [], answer: () => 201 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const status = fake.answer(path);
      const device = devices.get(path);
      let text: string | null;
      try {
        text = device ? openPayload(Buffer.concat(chunks), device) : null;
      } catch {
        text = null;
      }
      fake.deliveries.push({ path, headers: req.headers, status, text });
      res.writeHead(status, { Location: `${path}/messages/${fake.deliveries.length}` });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    newDevice(): TestDevice {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const path = `/push/${crypto.randomBytes(12).toString('hex')}`;
      const device = {
        endpoint: `${url}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
        ecdh,
      };
      devices.set(path, device);
      return device;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 8291's decryption of a one-record aes128gcm body. */
export function openPayload(body: Buffer, device: TestDevice): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const ecdhSecret = device.ecdh.computeSecret(senderKey);
  const authSecret = Buffer.from(device.keys.auth, 'base64url');
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderKey, Buffer.from([1])]);
  const ikm = hmac(hmac(authSecret, ecdhSecret), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(-16));
  const plain = Buffer.concat([decipher.update(cipherText.subarray(0, -16)), decipher.final()]);
  // The last record ends with a 2, then any zeros of padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('not a last record');
  return plain.subarray(0, end).toString('utf8');
}

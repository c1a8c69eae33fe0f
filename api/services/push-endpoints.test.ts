// Which push endpoints an alert may name: only the known push services' hosts (PUSH_SERVICE_HOSTS, by default the
// ones browsers use), over https on port 443; and which addresses a push service's name may lead to.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#api/config.ts';
import { DEFAULT_PUSH_SERVICE_HOSTS, endpointRefusal, isPublicAddress, type PushServicePolicy } from './push-endpoints.ts';

const strict: PushServicePolicy = { allowLocal: false, hosts: DEFAULT_PUSH_SERVICE_HOSTS };

describe('push endpoints under the default hosts', () => {
  it.each([
    // The audit's findings.
    'https://localhost./send/abc',
    'https://metadata.google.internal./computeMetadata/v1/',
    'https://[64:ff9b::a9fe:a9fe]/send/abc',
    'https://[::7f00:1]/send/abc',
    'https://[fec0::1]/send/abc',
    'https://fcm.googleapis.com:6379/fcm/send/abc',
    // Anything that is not one of the push services.
    'https://push.example.com/send/abc',
    'https://fcm.googleapis.com.attacker.example/fcm/send/abc',
    'https://attackerfcm.googleapis.com/fcm/send/abc',
    'https://notify.windows.com/w/?token=abc',
    'https://fcm.googleapis.com./fcm/send/abc',
    'https://8.8.8.8/send/abc',
    'https://[2a00:1450:4001::1]/send/abc',
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:80/fcm/send/abc',
    'https://user:pw@fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com/fcm/send/ñandú',
    'not a url',
  ])('refuses %s', (endpoint) => {
    expect(endpointRefusal(endpoint, strict)).toMatch(/suscripción/);
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/dGhpcyBpcyBub3QgYSB0b2tlbg:APA91bH',
    'https://fcm.googleapis.com:443/wp/dGhpcyBpcyBub3Q',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABkZ',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    'https://web.push.apple.com/QGxTb2tlbi1mb3ItYS1zYWZhcmk',
    'https://api.push.apple.com/3/device/abc',
  ])('takes %s', (endpoint) => {
    expect(endpointRefusal(endpoint, strict)).toBeNull();
  });

  it('takes only the configured hosts when the setting lists others', () => {
    const own: PushServicePolicy = { allowLocal: false, hosts: ['push.example.net', '*.push.example.org'] };
    expect(endpointRefusal('https://push.example.net/send/abc', own)).toBeNull();
    expect(endpointRefusal('https://eu.push.example.org/send/abc', own)).toBeNull();
    expect(endpointRefusal('https://push.example.org/send/abc', own)).not.toBeNull();
    expect(endpointRefusal('https://fcm.googleapis.com/fcm/send/abc', own)).not.toBeNull();
  });
});

describe('PUSH_SERVICE_HOSTS', () => {
  const load = (value?: string) => loadConfig({ NODE_ENV: 'test', ...(value === undefined ? {} : { PUSH_SERVICE_HOSTS: value }) });

  it('defaults to the push services browsers use', () => {
    expect(load().pushServiceHosts).toEqual([
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      '*.notify.windows.com',
      'web.push.apple.com',
      '*.push.apple.com',
    ]);
  });

  it('reads a comma-separated list of host names and *.wildcards, in lower case', () => {
    expect(load(' FCM.googleapis.com , *.push.example.net ').pushServiceHosts).toEqual(['fcm.googleapis.com', '*.push.example.net']);
  });

  it.each([
    'https://fcm.googleapis.com',
    'fcm.googleapis.com:443',
    'localhost',
    '127.0.0.1',
    '*.com',
    'fcm.googleapis.com.',
    'a,,b.c',
    '*',
  ])('refuses %s with a clear message', (value) => {
    expect(() => load(value)).toThrow(ConfigError);
    expect(() => load(value)).toThrow(/PUSH_SERVICE_HOSTS/);
  });
});

describe('the addresses a push service may resolve to', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '100.64.0.1',
    '169.254.169.254',
    '192.0.0.8',
    '198.18.0.1',
    '0.0.0.0',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:8efa:4f0a',
    '::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::1',
    'fec0::1',
    'fe80::1',
    'fd00::1',
    '2002:7f00:1::1',
    '2001:0:4136:e378::1',
    '2001:db8::1',
    'ff02::1',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['142.250.79.10', '2a00:1450:4001:82b::200a', '17.253.144.10'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

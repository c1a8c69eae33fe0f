import { describe, expect, it } from 'vitest';
import { sourceOfAddress } from './request-source.ts';

describe('sourceOfAddress', () => {
  it('keeps an IPv4 address, also written IPv4-mapped', () => {
    expect(sourceOfAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(sourceOfAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(sourceOfAddress('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 by /64, whatever the spelling', () => {
    const one = sourceOfAddress('2001:db8:1:2::1');
    expect(one).toBe('2001:db8:1:2:0:0:0:0/64');
    for (const same of [
      '2001:DB8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:abcd::9',
      '2001:db8:1:2::1%eth0',
      '2001:db8:1:2::10.0.0.1',
    ])
      expect(sourceOfAddress(same)).toBe(one);
    expect(sourceOfAddress('2001:db8:1:3::1')).not.toBe(one);
    expect(sourceOfAddress('::1')).toBe('0:0:0:0:0:0:0:0/64');
  });

  it('groups by /56 when set', () => {
    expect(sourceOfAddress('2001:db8:1:2ff::1', 56)).toBe('2001:db8:1:200:0:0:0:0/56');
    expect(sourceOfAddress('2001:db8:1:200::1', 56)).toBe(sourceOfAddress('2001:db8:1:2ff::1', 56));
    expect(sourceOfAddress('2001:db8:1:300::1', 56)).not.toBe(sourceOfAddress('2001:db8:1:2ff::1', 56));
  });

  it('leaves what is not an address as it is', () => {
    expect(sourceOfAddress('')).toBe('');
    expect(sourceOfAddress('not-an-address')).toBe('not-an-address');
  });
});

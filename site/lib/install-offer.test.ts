import { describe, expect, it } from 'vitest';
import { installOfferOf, type InstallOfferFacts } from './install-offer.ts';

const phone: InstallOfferFacts = {
  installed: false,
  handheld: true,
  ios: false,
  browserOffer: true,
  sessions: 2,
  earned: false,
  dismissed: false,
  shownThisSession: false,
};

describe('the install offer', () => {
  it('is made from the second session on a phone whose browser can install', () => {
    expect(installOfferOf(phone)).toBe('button');
  });

  it('is never made on a first visit, unless a favourite or an alert earned it', () => {
    expect(installOfferOf({ ...phone, sessions: 1 })).toBeNull();
    expect(installOfferOf({ ...phone, sessions: 0 })).toBeNull();
    expect(installOfferOf({ ...phone, sessions: 1, earned: true })).toBe('button');
  });

  it('is never made on a computer, in the installed app, once put away or twice in a session', () => {
    expect(installOfferOf({ ...phone, handheld: false, earned: true })).toBeNull();
    expect(installOfferOf({ ...phone, installed: true })).toBeNull();
    expect(installOfferOf({ ...phone, dismissed: true })).toBeNull();
    expect(installOfferOf({ ...phone, shownThisSession: true })).toBeNull();
  });

  it('gives the steps on an iPhone, where the browser has no install dialog', () => {
    expect(installOfferOf({ ...phone, ios: true, browserOffer: false })).toBe('ios-steps');
    expect(installOfferOf({ ...phone, browserOffer: false })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { installOfferOf, SESSION_GAP_MS, visitAfterPage, type InstallOfferFacts } from './install-offer.ts';

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

  it('counts a session per visit, not per tab: a new one after 30 minutes without a page', () => {
    const first = visitAfterPage({ sessions: 0, startedAt: 0, lastSeen: 0 }, 1_000);
    expect(first).toEqual({ sessions: 1, startedAt: 1_000, lastSeen: 1_000 });
    // Another tab, or another page, within the half hour: the same session.
    const later = visitAfterPage(first, 1_000 + SESSION_GAP_MS - 1);
    expect(later).toEqual({ sessions: 1, startedAt: 1_000, lastSeen: 1_000 + SESSION_GAP_MS - 1 });
    const next = visitAfterPage(later, later.lastSeen + SESSION_GAP_MS);
    expect(next).toEqual({ sessions: 2, startedAt: next.lastSeen, lastSeen: later.lastSeen + SESSION_GAP_MS });
  });
});

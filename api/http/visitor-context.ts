// What the server derives from a request instead of storing it: bot or not, device type and browser family
// from the User-Agent, the page's path and the referrer's host. No IP address and no user-agent string is kept.
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import type { DeviceType } from '#shared/analytics-kinds.ts';
import { setBounded } from '#shared/bounded-memo.ts';

export type AgentInfo = { bot: true } | { bot: false; deviceType: DeviceType; browser: string };

// Most traffic comes from a few hundred distinct agents: parsing each once saves two large regex passes a request.
const cache = new Map<string, AgentInfo>();
const CACHE_SIZE = 2_000;

/**
 * Bot or browser; for a browser, its device type and family ('Mobile Safari' and 'Safari' are one browser to the
 * people reading the panel). No user agent at all is a script, not a browser.
 */
export function describeAgent(userAgent: string | undefined): AgentInfo {
  if (!userAgent) return { bot: true };
  let info = cache.get(userAgent);
  if (info) return info;
  if (isbot(userAgent)) {
    info = { bot: true };
  } else {
    const parsed = new UAParser(userAgent);
    const type = parsed.getDevice().type;
    const name = parsed
      .getBrowser()
      .name?.replace(/^Mobile /, '')
      .trim();
    info = {
      bot: false,
      deviceType: type === 'mobile' || type === 'tablet' ? type : 'desktop',
      browser: name ? name.slice(0, 40) : 'Otro',
    };
  }
  return setBounded(cache, userAgent, info, CACHE_SIZE);
}

/** The path of a page URL, without query or fragment (they can hold what a visitor typed). */
export function pagePathOf(pageUrl: string): string {
  return new URL(pageUrl).pathname.slice(0, 512);
}

/** 'direct' or a URL -> the referring host, or null. */
export function referrerHostOf(referrer: string): string | null {
  if (referrer === 'direct') return null;
  return new URL(referrer).hostname.slice(0, 253) || null;
}

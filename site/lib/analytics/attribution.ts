// Where a visit comes from: utm parameters first, else the referrer (search engines are 'organic', social sites
// 'social', other sites 'referral'), else 'direct'.
export interface Attribution {
  source: string;
  medium: string;
  campaign: string | null;
}

const SEARCH_ENGINES: [RegExp, string][] = [
  [/(^|\.)google\./, 'google'],
  [/(^|\.)bing\.com$/, 'bing'],
  [/(^|\.)yahoo\./, 'yahoo'],
  [/(^|\.)duckduckgo\.com$/, 'duckduckgo'],
  [/(^|\.)ecosia\.org$/, 'ecosia'],
  [/(^|\.)yandex\./, 'yandex'],
  [/(^|\.)search\.brave\.com$/, 'brave'],
  [/(^|\.)baidu\.com$/, 'baidu'],
];
const SOCIAL_SITES: [RegExp, string][] = [
  [/(^|\.)(facebook\.com|fb\.me)$/, 'facebook'],
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)(twitter\.com|x\.com|t\.co)$/, 'x'],
  [/(^|\.)tiktok\.com$/, 'tiktok'],
  [/(^|\.)reddit\.com$/, 'reddit'],
  [/(^|\.)(t\.me|telegram\.org)$/, 'telegram'],
  [/(^|\.)(whatsapp\.com|wa\.me)$/, 'whatsapp'],
  [/(^|\.)youtube\.com$/, 'youtube'],
  [/(^|\.)linkedin\.com$/, 'linkedin'],
  [/(^|\.)pinterest\./, 'pinterest'],
];

function hostOf(url: string): string {
  try {
    return url ? new URL(url).hostname.toLowerCase() : '';
  } catch {
    return '';
  }
}

const clean = (value: string | null) => value?.trim().toLowerCase().slice(0, 100) || null;

/** null when the page was reached from the site itself: the visit keeps the source it started with. */
export function attributionOf(pageUrl: string, referrer: string, ownHost: string): Attribution | null {
  const params = new URL(pageUrl).searchParams;
  const utmSource = clean(params.get('utm_source'));
  if (utmSource) {
    return { source: utmSource, medium: clean(params.get('utm_medium')) ?? 'campaign', campaign: clean(params.get('utm_campaign')) };
  }
  const host = hostOf(referrer);
  if (!host) return { source: 'direct', medium: 'none', campaign: null };
  if (host === ownHost) return null;
  for (const [pattern, name] of SEARCH_ENGINES) if (pattern.test(host)) return { source: name, medium: 'organic', campaign: null };
  for (const [pattern, name] of SOCIAL_SITES) if (pattern.test(host)) return { source: name, medium: 'social', campaign: null };
  return { source: host.replace(/^www\./, '').slice(0, 100), medium: 'referral', campaign: null };
}

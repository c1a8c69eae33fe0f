// What wrk asks for in the speed benchmarks (bench/speed.ts, bench/profile.ts, bench/postgres.ts): Lua scripts that
// vary each request (random and broad filter sets, popular URLs, pageviews) and the URL lists they draw from.
import {
  ATTENTION_TYPES,
  AGE_RANGES,
  AVAILABILITY_OPTIONS,
  BARRIOS,
  CATEGORIES,
  LANGUAGES,
  PRICE_RANGES,
  SERVICE_TYPES,
  VERIFICATION_FILTERS,
  ZONES,
} from '#shared/catalogue.ts';

const lua = (values: readonly string[]) => `{${values.map((v) => JSON.stringify(v)).join(',')}}`;

/** The texts of a random search (or none): words of the ads, barrios' names, a language. */
const SEARCH_TEXTS = [
  '',
  'masajes',
  'relax',
  'hotel',
  'departamento',
  'ingles',
  'centro',
  'noche',
  'discreta',
  'spa',
  'palermo',
  'recoleta',
];

/** One more filter of a random search: a language, a service, an attention, a price, an age, a time, a verification. */
function oneMoreFilter(): string[] {
  return [
    ...LANGUAGES.map((x) => `idioma=${x.value}`),
    ...SERVICE_TYPES.map((x) => `servicio=${x.value}`),
    ...ATTENTION_TYPES.map((x) => `atencion=${x.value}`),
    ...PRICE_RANGES.map((x) => `precio=${x.value}`),
    ...AGE_RANGES.map((x) => `edad=${x.value}`),
    ...AVAILABILITY_OPTIONS.map((x) => `disponibilidad=${x.value}`),
    ...VERIFICATION_FILTERS.map((x) => `verificacion=${x.value}`),
    'orden=recientes',
    'pagina=2',
  ];
}

/**
 * A kind of search as the benchmarks draw it: a value from each slot, uniformly, joined into a query string ('' leaves
 * the slot out). wrk draws from it in Lua (searchScript), a visitor sampled during the load and the driver benchmark
 * in JavaScript (searchUrlPicker): the same mix either way.
 */
export type SearchMix = readonly (readonly string[])[];

const slot = (name: string, values: readonly string[]) => values.map((v) => (v === '' ? '' : `${name}=${v}`));

/** A new filter set per request: text x category x zone x one more filter, each but the last possibly absent. */
export function randomSearchMix(): SearchMix {
  return [
    slot('q', SEARCH_TEXTS),
    slot('categoria', ['', ...CATEGORIES.map((c) => c.value)]),
    slot('zona', ['', ...ZONES.map((z) => z.value), ...BARRIOS.map((b) => b.slug)]),
    oneMoreFilter(),
  ];
}

/**
 * The kind of search an outside bench makes: a broad word of the ads' texts (found in a large share of the catalogue),
 * an advertiser's name or a word's first letters, with a category, a zone and one more filter or not, on page 1, 2 or
 * 3: misses (some 80,000 sets) whose matches are many, and deeper pages.
 */
export function broadSearchMix(): SearchMix {
  const broadWords = [
    'hola',
    'soy',
    'atencion',
    'buena',
    'charla',
    'citas',
    'compania',
    'encuentro',
    'trato',
    'horarios',
    'lugar',
    'enc',
    'com',
  ];
  const names = ['sofia', 'valentina', 'lucia', 'camila', 'thiago', 'matias', 'joaquin', 'renata', 'luna', 'bruno'];
  return [
    slot('q', [...broadWords, ...names]),
    slot('categoria', ['', ...CATEGORIES.map((c) => c.value)]),
    slot('zona', ['', ...ZONES.map((z) => z.value)]),
    ['', ...oneMoreFilter().filter((f) => !f.startsWith('pagina='))],
    slot('pagina', ['', '2', '3']),
  ];
}

/** Lua for wrk drawing a search of the mix per request; the same seed draws the same searches in the same order. */
export function searchScript(mix: SearchMix, seed = Date.now() % 1_000_000): string {
  return `
local slots = {${mix.map(lua).join(',')}}
math.randomseed(${seed})
request = function()
  local parts = {}
  for _, values in ipairs(slots) do
    local value = values[math.random(#values)]
    if value ~= "" then parts[#parts + 1] = value end
  end
  return wrk.format("GET", "/buscar?" .. table.concat(parts, "&"))
end`;
}

/** The same draw in JavaScript: a function giving the next search's URL. */
export function searchUrlPicker(mix: SearchMix, random: () => number = Math.random): () => string {
  return () =>
    `/buscar?${mix
      .map((values) => values[Math.floor(random() * values.length)]!)
      .filter((value) => value !== '')
      .join('&')}`;
}

/** The popular filter sets: a category in a zone, or a category alone. */
export function popularUrls(): string[] {
  const urls = CATEGORIES.map((c) => `/buscar?categoria=${c.value}`);
  for (const c of CATEGORIES) for (const z of ZONES) urls.push(`/buscar?categoria=${c.value}&zona=${z.value}`);
  for (const b of BARRIOS.slice(0, 60 - urls.length)) urls.push(`/buscar?zona=${b.slug}`);
  return urls.slice(0, 60);
}

export const pickUrlScript = (urls: string[]) => `
local urls = ${lua(urls)}
request = function() return wrk.format("GET", urls[math.random(#urls)]) end`;

/**
 * Pageviews as wrk posts them: 50,000 visitors, each from an address of its own, taken in turn; or (`everyEventNew`,
 * the harsh case) every event a new visitor from a new address, so that nothing per visitor or per source is ever
 * found already made.
 */
export function ingestScript(everyEventNew = false): string {
  return `
local n = 0
request = function()
  n = n + 1
  local v = ${everyEventNew ? 'n' : 'n % 50000'}
  local body = string.format('{"eventType":"pageview","visitorId":"00000000-0000-4000-8000-%012x","sessionId":"00000000-0000-4000-9000-%012x","pageUrl":"https://velada.example/anuncio/aviso-%d","pageTitle":"Aviso %d | Velada","referrer":"https://www.google.com/","screenResolution":"390x844","source":"google","medium":"organic"}', v, v, n % 5000, n % 5000)
  return wrk.format("POST", "/api/analytics/track", {
    ["Content-Type"] = "application/json",
    ["Sec-Fetch-Site"] = "same-origin",
    ["User-Agent"] = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
    ["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.floor(v / 65536) % 256, math.floor(v / 256) % 256, v % 256)
  }, body)
end`;
}

export const INGEST_SCRIPT = ingestScript();

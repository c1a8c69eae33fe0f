// An ad's rates table (docs/decisions/031-rates.md): an amount in whole pesos per place and duration, each optional.
// The places follow the ad's service types; the 1-hour rate is what search filters and sorts by.
import { z } from 'zod';
import { SERVICE_TYPES, labelOf, type ServiceType } from './catalogue.ts';
import { formatMoney } from './format.ts';

/** Where the advertiser attends, each tied to the service type that offers it ("presencial" is the own place). */
export const RATE_PLACES = [
  { value: 'propio', label: 'Lugar propio', service: 'presencial', rates: 'de lugar propio' },
  { value: 'domicilio', label: 'A domicilio', service: 'domicilio', rates: 'a domicilio' },
  { value: 'hotel', label: 'Hotel', service: 'hotel', rates: 'de hotel' },
] as const satisfies readonly { value: string; label: string; service: ServiceType; rates: string }[];
export type RatePlace = (typeof RATE_PLACES)[number]['value'];

export const RATE_DURATIONS = [
  { value: '30min', label: '30 min', long: '30 minutos' },
  { value: '1h', label: '1 hora', long: '1 hora' },
  { value: '2h', label: '2 horas', long: '2 horas' },
  { value: 'noche', label: 'Noche', long: 'noche' },
] as const;
export type RateDuration = (typeof RATE_DURATIONS)[number]['value'];
/** The duration that search filters and sorts by (ads.price_per_hour). */
export const HOURLY: RateDuration = '1h';

export type Rates = Partial<Record<RatePlace, Partial<Record<RateDuration, number>>>>;
/** One stored rate, as the ad_rates table keeps it. */
export interface RateRow {
  place: RatePlace;
  duration: RateDuration;
  amount: number;
}

export const RATE_MIN = 1000;
export const RATE_MAX = 2_000_000;
/** What a row says of an ad that marks no in-person service: its rates are kept as the own place's. */
export const GENERAL_RATE_LABEL = 'Tarifa';

/**
 * The places an ad offers, in table order: those its service types mark. An ad that marks none of them (no service,
 * or only virtual) still has one row, kept as the own place, so that its price is never lost.
 */
export function ratePlacesOf(services: readonly string[]): RatePlace[] {
  const places = RATE_PLACES.filter((p) => services.includes(p.service)).map((p) => p.value);
  return places.length ? places : ['propio'];
}

/** Whether a row is the one row of an ad whose service types name no place: headed 'Tarifa'. */
const isGeneralRow = (place: RatePlace, services: readonly string[]) =>
  !services.includes(RATE_PLACES.find((p) => p.value === place)!.service);

/** A row's heading: the place's name, or 'Tarifa' for the one row of an ad that names no place. */
export function ratePlaceLabel(place: RatePlace, services: readonly string[]): string {
  return isGeneralRow(place, services) ? GENERAL_RATE_LABEL : RATE_PLACES.find((p) => p.value === place)!.label;
}

export function rateRows(rates: Rates): RateRow[] {
  return RATE_PLACES.flatMap(({ value: place }) =>
    RATE_DURATIONS.flatMap(({ value: duration }) => {
      const amount = rates[place]?.[duration];
      return amount === undefined ? [] : [{ place, duration, amount }];
    }),
  );
}

export function ratesFromRows(rows: readonly { place: string; duration: string; amount: number | string }[]): Rates {
  const rates: Rates = {};
  for (const row of rows) (rates[row.place as RatePlace] ??= {})[row.duration as RateDuration] = Number(row.amount);
  return rates;
}

/** The lowest 1-hour rate among places: the ad's price per hour, or null. */
export function lowestHourlyRate(rates: Rates): number | null {
  const hourly = RATE_PLACES.flatMap((p) => rates[p.value]?.[HOURLY] ?? []);
  return hourly.length ? Math.min(...hourly) : null;
}

/** The places' 1-hour rates are not all the same: the single price shown is "desde". */
export function hourlyRatesDiffer(rates: Rates): boolean {
  return new Set(RATE_PLACES.flatMap((p) => rates[p.value]?.[HOURLY] ?? [])).size > 1;
}

/**
 * The table as shown: only the places and durations that have an amount, in catalogue order; null where a place has
 * no amount for a duration another place has.
 */
export function rateTable(rates: Rates, services: readonly string[]) {
  const places = RATE_PLACES.filter((p) => Object.keys(rates[p.value] ?? {}).length > 0);
  const durations = RATE_DURATIONS.filter((d) => places.some((p) => rates[p.value]?.[d.value] !== undefined));
  return {
    durations,
    rows: places.map((p) => ({
      place: p.value,
      label: ratePlaceLabel(p.value, services),
      /** Headed 'Tarifa' (ratePlaceLabel): the ad names no place. */
      general: isGeneralRow(p.value, services),
      amounts: durations.map((d) => rates[p.value]?.[d.value] ?? null),
    })),
  };
}

/** The table in one line, for lists and CSV: 'Lugar propio: 1 hora $ 20.000, noche $ 90.000 | Hotel: 1 hora $ 25.000'. */
export function ratesSummary(rates: Rates, services: readonly string[]): string {
  const { durations, rows } = rateTable(rates, services);
  return rows
    .map((row) => {
      const cells = durations.flatMap((d, i) =>
        row.amounts[i] === null ? [] : [`${d.label.toLowerCase()} ${formatMoney(row.amounts[i]!)}`],
      );
      return `${row.label}: ${cells.join(', ')}`;
    })
    .join(' | ');
}

const AMOUNT_MESSAGE = 'Cada tarifa debe ser un número entero de pesos.';
const amount = z
  .number(AMOUNT_MESSAGE)
  .int(AMOUNT_MESSAGE)
  .min(RATE_MIN, 'Las tarifas empiezan en $ 1.000.')
  .max(RATE_MAX, 'Revisá la tarifa: el máximo es $ 2.000.000.');
// An unknown key is reported on the object that holds it ('rates.propio' for a duration '3h').
const tableError = (unknownKey: string) => (issue: { code?: string }) =>
  issue.code === 'unrecognized_keys' ? unknownKey : issue.code === 'invalid_type' ? 'Las tarifas van por lugar y duración.' : undefined;
const durations = z.partialRecord(z.enum(RATE_DURATIONS.map((d) => d.value)), amount, {
  error: tableError('Las duraciones son 30 min, 1 hora, 2 horas y noche.'),
});
/** The table as the form sends it: { propio: { '1h': 20000, noche: 90000 }, hotel: { '1h': 25000 } }. */
export const ratesSchema = z.partialRecord(z.enum(RATE_PLACES.map((p) => p.value)), durations, {
  error: tableError('Los lugares son lugar propio, a domicilio y hotel.'),
});

/** The message for a rate of a place the ad does not offer, or null. */
export function placeNotOffered(place: RatePlace, services: readonly string[]): string | null {
  if (ratePlacesOf(services).includes(place)) return null;
  const def = RATE_PLACES.find((p) => p.value === place)!;
  return `Marcá «${labelOf(SERVICE_TYPES, def.service)}» en Servicios para cargar tarifas ${def.rates}.`;
}

// Calendar arithmetic in Buenos Aires time, on plain 'YYYY-MM-DD' dates (birth dates are dates, not instants).
import { TIME_ZONE } from './availability.ts';

// Built once: creating an Intl.DateTimeFormat costs far more than formatting with it.
const dateInBuenosAires = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The last minute formatted, and its date: a page asks for the date of the same instant dozens of times. */
let lastMinute = Number.NaN;
let lastDate = '';

/** Today's date in Buenos Aires as 'YYYY-MM-DD'. */
export function buenosAiresDate(now: Date): string {
  // Buenos Aires has changed its offset only on whole minutes since 1920: every instant of a minute has one date.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastDate = dateInBuenosAires.format(now);
    lastMinute = minute;
  }
  return lastDate;
}

export function daysSinceEpochInBuenosAires(now: Date): number {
  return Math.floor(Date.parse(`${buenosAiresDate(now)}T00:00:00Z`) / 86_400_000);
}

function isoDate(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** Whole years between a birth date and today in Buenos Aires. */
export function ageFrom(birthDate: string | Date, now: Date): number {
  const [by, bm, bd] = isoDate(birthDate).split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = buenosAiresDate(now).split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** A timestamp column as an ISO string (SQLite gives numbers, PostgreSQL Date objects); null stays null. */
export function isoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : new Date(value as string | number).toISOString();
}

/** 'YYYY-MM-DD' shifted by whole years and days (29 February falls back to 28 in other years). */
export function shiftDate(date: string, years: number, days = 0): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  const shifted = new Date(Date.UTC(y + years, m - 1, Math.min(d, lastDay)) + days * 86_400_000);
  return shifted.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' shifted by whole months (the 31st falls back to the last day of a shorter month). */
export function shiftMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** Birth dates of people aged between minAge and maxAge (inclusive) today; no lower bound when maxAge is null. */
export function birthDateBounds(minAge: number, maxAge: number | null, now: Date): { earliest: string | null; latest: string } {
  const today = buenosAiresDate(now);
  return {
    latest: shiftDate(today, -minAge),
    earliest: maxAge === null ? null : shiftDate(today, -(maxAge + 1), 1),
  };
}

/** A 'YYYY-MM-DD' date as a number that orders as the date does (2001-03-09 is 20010309): compared without strings. */
export function dayNumber(date: string): number {
  return Number(date.slice(0, 4)) * 10_000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));
}

/**
 * The instant a Buenos Aires calendar day starts. Argentina keeps UTC-3 all year (no daylight saving since 2009),
 * so local midnight is 03:00 UTC.
 */
export function buenosAiresDayStart(date: string): Date {
  return new Date(`${date}T00:00:00-03:00`);
}

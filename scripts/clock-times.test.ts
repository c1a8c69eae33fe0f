// Times are written 20:33 everywhere (../shared/spec/decisions.md). es-AR's default clock in current browsers and Node
// is the 12-hour one ("08:33 p. m."), so every es-AR formatter that shows the hour must ask for the 24-hour cycle.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['api', 'core', 'shared', 'site'];

/** The options of each `new Intl.DateTimeFormat('es-AR', {...})` that shows a time without `hourCycle: 'h23'`. */
export function twelveHourFormatters(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/new Intl\.DateTimeFormat\(\s*'es-AR'\s*,\s*(\{[^}]*\})/g)) {
    const options = match[1]!;
    if (/\bhour\b|timeStyle/.test(options) && !/hourCycle:\s*'h23'/.test(options)) found.push(options.replace(/\s+/g, ' '));
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|astro)$/.test(f) && !/\.test\.ts$/.test(f))
    .map((f) => path.join(dir, f));
}

describe('times', () => {
  it('are formatted on the 24-hour clock wherever es-AR shows an hour', () => {
    const offenders = SOURCES.flatMap(sourceFiles).flatMap((file) =>
      twelveHourFormatters(fs.readFileSync(path.join(root, file), 'utf8')).map((options) => `${file}: ${options}`),
    );
    expect(offenders).toEqual([]);
  });

  it('are caught without the 24-hour cycle, by time style or by hour', () => {
    expect(twelveHourFormatters("new Intl.DateTimeFormat('es-AR', { dateStyle: 'medium', timeStyle: 'short' })")).toHaveLength(1);
    expect(twelveHourFormatters("new Intl.DateTimeFormat('es-AR', {\n  hour: '2-digit',\n  minute: '2-digit',\n})")).toHaveLength(1);
    expect(twelveHourFormatters("new Intl.DateTimeFormat('es-AR', { hour: '2-digit', hourCycle: 'h23' })")).toEqual([]);
    expect(twelveHourFormatters("new Intl.DateTimeFormat('es-AR', { day: 'numeric', month: 'long' })")).toEqual([]);
    expect(
      new Intl.DateTimeFormat('es-AR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(
        new Date('2026-01-01T20:33:00Z'),
      ),
    ).toBe('20:33');
  });
});

import { describe, expect, it } from 'vitest';
import { adInputSchema } from './ad-input.ts';
import { hourlyRatesDiffer, lowestHourlyRate, ratePlacesOf, rateTable, ratesSummary } from './rates.ts';

const ad = {
  title: 'Masajes descontracturantes',
  category: 'masajes',
  description: 'Sesiones de masajes descontracturantes en un espacio tranquilo y cuidado.',
  phone: '11 2345-6789',
  services: ['presencial', 'hotel'],
};
const issuesOf = (rates: unknown, services = ad.services) =>
  adInputSchema.safeParse({ ...ad, services, rates }).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('places', () => {
  it('are the in-person services the ad marks, in table order; none marked keeps one row as the own place', () => {
    expect(ratePlacesOf(['hotel', 'virtual', 'presencial', 'domicilio'])).toEqual(['propio', 'domicilio', 'hotel']);
    expect(ratePlacesOf(['hotel', 'domicilio'])).toEqual(['domicilio', 'hotel']);
    expect(ratePlacesOf(['virtual'])).toEqual(['propio']);
    expect(ratePlacesOf([])).toEqual(['propio']);
  });
});

describe('the price per hour', () => {
  it('is the lowest 1-hour rate among places, and nothing without a 1-hour rate', () => {
    expect(lowestHourlyRate({ propio: { '1h': 20000, '30min': 12000 }, hotel: { '1h': 18000 } })).toBe(18000);
    expect(lowestHourlyRate({ propio: { '30min': 12000, noche: 90000 } })).toBeNull();
    expect(lowestHourlyRate({})).toBeNull();
    expect(hourlyRatesDiffer({ propio: { '1h': 20000 }, hotel: { '1h': 18000 } })).toBe(true);
    expect(hourlyRatesDiffer({ propio: { '1h': 20000 }, hotel: { '1h': 20000, '2h': 36000 } })).toBe(false);
  });
});

describe('the table as shown', () => {
  it('keeps only the places and durations with an amount, in catalogue order', () => {
    const table = rateTable({ hotel: { noche: 90000 }, propio: { '1h': 20000, '30min': 12000 }, domicilio: {} }, ['presencial', 'hotel']);
    expect(table.durations.map((d) => d.value)).toEqual(['30min', '1h', 'noche']);
    expect(table.rows).toEqual([
      { place: 'propio', label: 'Lugar propio', general: false, amounts: [12000, 20000, null] },
      { place: 'hotel', label: 'Hotel', general: false, amounts: [null, null, 90000] },
    ]);
    // An ad that names no place: its row is just "Tarifa".
    expect(rateTable({ propio: { '1h': 20000 } }, ['virtual']).rows[0]).toMatchObject({ label: 'Tarifa', general: true });
    expect(ratesSummary({ propio: { '1h': 20000, noche: 90000 }, hotel: { '1h': 25000 } }, ['presencial', 'hotel'])).toBe(
      'Lugar propio: 1 hora $\u00a020.000, noche $\u00a090.000 | Hotel: 1 hora $\u00a025.000',
    );
  });
});

describe('validation', () => {
  it('accepts whole amounts from $ 1.000 to $ 2.000.000 for the places the ad offers', () => {
    expect(issuesOf({ propio: { '30min': 1000, '1h': 20000 }, hotel: { noche: 2_000_000 } })).toBeUndefined();
    expect(issuesOf(undefined)).toBeUndefined();
  });

  it.each([
    ['a fraction', { propio: { '1h': 12.5 } }, 'rates.propio.1h', 'Cada tarifa debe ser un número entero de pesos.'],
    ['text', { propio: { '1h': '20000' } }, 'rates.propio.1h', 'Cada tarifa debe ser un número entero de pesos.'],
    ['zero', { hotel: { '2h': 0 } }, 'rates.hotel.2h', 'Las tarifas empiezan en $ 1.000.'],
    ['a negative amount', { hotel: { '2h': -5000 } }, 'rates.hotel.2h', 'Las tarifas empiezan en $ 1.000.'],
    ['too much', { propio: { noche: 2_000_001 } }, 'rates.propio.noche', 'Revisá la tarifa: el máximo es $ 2.000.000.'],
    ['an unknown duration', { propio: { '3h': 30000 } }, 'rates.propio', 'Las duraciones son 30 min, 1 hora, 2 horas y noche.'],
    ['an unknown place', { calle: { '1h': 30000 } }, 'rates', 'Los lugares son lugar propio, a domicilio y hotel.'],
    ['a table that is not one', { propio: 20000 }, 'rates.propio', 'Las tarifas van por lugar y duración.'],
    [
      'a place the ad does not offer',
      { domicilio: { '1h': 30000 } },
      'rates.domicilio',
      'Marcá «A domicilio» en Servicios para cargar tarifas a domicilio.',
    ],
  ])('refuses %s with a Spanish message naming where', (_, rates, path, message) => {
    expect(issuesOf(rates)).toEqual([[path, message]]);
  });

  it('refuses rates of the own place once another place is marked, and allows them when none is', () => {
    expect(issuesOf({ propio: { '1h': 20000 } }, ['hotel'])).toEqual([
      ['rates.propio', 'Marcá «Presencial» en Servicios para cargar tarifas de lugar propio.'],
    ]);
    expect(issuesOf({ propio: { '1h': 20000 } }, ['virtual'])).toBeUndefined();
  });
});

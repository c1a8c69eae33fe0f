// Invented, neutral demo ads: names, services by category, descriptions, plans and schedules drawn from a seeded
// random generator, so that the same seed gives the same site.
import {
  ATTENTION_TYPES,
  BARRIOS,
  CATEGORIES,
  DAY_GROUPS,
  LANGUAGES,
  SERVICE_TYPES,
  TIME_SLOTS,
  type Category,
  type Language,
  type Plan,
} from '#shared/catalogue.ts';
import { shiftDate, buenosAiresDate } from '#shared/dates.ts';
import { ratePlacesOf, type Rates } from '#shared/rates.ts';
import type { AdInput, Random } from './index.ts';

const NAMES = [
  'Sofía',
  'Valentina',
  'Martina',
  'Camila',
  'Lucía',
  'Julieta',
  'Agustina',
  'Milagros',
  'Florencia',
  'Carolina',
  'Paula',
  'Abril',
  'Catalina',
  'Renata',
  'Bianca',
  'Luna',
  'Micaela',
  'Rocío',
  'Delfina',
  'Antonella',
  'Tomás',
  'Lautaro',
  'Matías',
  'Joaquín',
  'Franco',
  'Nicolás',
  'Bruno',
  'Santino',
  'Thiago',
  'Facundo',
];
const SERVICES_BY_CATEGORY: Record<Category, string[]> = {
  escorts: ['compañía para cenas y eventos', 'acompañante para salidas', 'compañía elegante', 'charla y buena compañía'],
  masajes: ['masajes descontracturantes', 'masajes relajantes', 'masaje con piedras calientes', 'reflexología y relax'],
  encuentros: ['citas tranquilas', 'encuentros con buena charla', 'salidas a tomar algo', 'citas sin apuro'],
  trans: ['compañía trans para eventos', 'citas con buena onda', 'compañía amable y discreta', 'salidas y charla'],
  'taxi-boys': ['compañía masculina para eventos', 'acompañante para cenas', 'citas con buena charla', 'salidas discretas'],
};
const DESCRIPTION_PARTS = [
  'Atención cordial y puntual, en un ambiente limpio y tranquilo.',
  'Me gusta conversar, escuchar música y que cada encuentro sea agradable.',
  'Trato respetuoso, discreción y buena predisposición.',
  'Consultá disponibilidad con anticipación; respondo mensajes durante el día.',
  'Lugar cómodo, con aire acondicionado y fácil acceso en transporte público.',
  'Hablo varios idiomas y me adapto a tus horarios.',
  'Puntualidad y buena energía en cada cita.',
  'Ideal para relajarte después del trabajo.',
  'Podés escribirme para coordinar día y horario.',
  'Sin apuro: cada encuentro se acuerda con tiempo.',
];

export function demoAdInput(rand: Random, now: Date): AdInput {
  const category = rand.pick(CATEGORIES).value;
  const name = rand.pick(NAMES);
  const barrio = rand.pick(BARRIOS);
  const service = rand.pick(SERVICES_BY_CATEGORY[category]);
  const description = [0, 1, 2]
    .map(() => rand.pick(DESCRIPTION_PARTS))
    .filter((v, i, a) => a.indexOf(v) === i)
    .join(' ');
  const services = rand.some(SERVICE_TYPES.map((s) => s.value));
  const planRoll = rand.next();
  const plan: Plan = planRoll < 0.06 ? 'vip' : planRoll < 0.2 ? 'premium' : 'gratuito';
  return {
    title: `${name}, ${service} en ${barrio.name}`.slice(0, 80),
    description: `Hola, soy ${name}. ${description}`,
    category,
    barrio: barrio.slug,
    phone: `+54911${rand.int(30000000, 69999999)}`,
    rates: rand.chance(0.08) ? {} : demoRates(rand, services),
    days: rand.some(DAY_GROUPS.map((d) => d.value)),
    slots: rand.some(TIME_SLOTS.map((s) => s.value)),
    is24h: rand.chance(0.1),
    openSchedule: rand.chance(0.25),
    languages: [
      'espanol',
      ...rand
        .some(
          LANGUAGES.map((l) => l.value),
          0,
        )
        .filter((l) => l !== 'espanol'),
    ] as Language[],
    services,
    attention: rand.some(ATTENTION_TYPES.map((a) => a.value)),
    photosVerified: rand.chance(0.45),
    plan,
    planExpiresAt: plan === 'gratuito' ? null : new Date(now.getTime() + rand.int(3, 28) * 86_400_000),
    publishedAt: new Date(now.getTime() - rand.int(0, 25 * 24 * 60) * 60_000),
    viewCount: rand.int(0, 2500),
  };
}

const roundTo500 = (amount: number) => Math.max(1000, Math.round(amount / 500) * 500);

/**
 * A plausible rates table: an hourly rate for each place the ad offers (going out costs more than the own place),
 * usually a shorter and a longer visit, sometimes a night.
 */
function demoRates(rand: Random, services: readonly string[]): Rates {
  const hourly = rand.pick([4000, 4500, 6000, 7500, 8000, 9000, 12000, 15000, 18000, 22000, 25000, 30000]);
  const withHalfHour = rand.chance(0.6);
  const withTwoHours = rand.chance(0.7);
  const withNight = rand.chance(0.3);
  const rates: Rates = {};
  for (const place of ratePlacesOf(services)) {
    const base = place === 'propio' ? hourly : roundTo500(hourly * (place === 'hotel' ? 1.2 : 1.3));
    rates[place] = {
      ...(withHalfHour ? { '30min': roundTo500(base * 0.6) } : {}),
      '1h': base,
      ...(withTwoHours ? { '2h': roundTo500(base * 1.8) } : {}),
      ...(withNight ? { noche: roundTo500(base * 5.5) } : {}),
    };
  }
  return rates;
}

/** A birth date for someone between 18 and 55 today. */
export function demoBirthDate(rand: Random, now: Date): string {
  return shiftDate(buenosAiresDate(now), -rand.int(18, 55), -rand.int(0, 364));
}

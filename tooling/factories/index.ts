// Builders of advertisers and ads for tests, demo data and benchmarks. Texts are invented and neutral;
// pictures are generated abstract shapes with no people in them.
import type { Knex } from 'knex';
import sharp from 'sharp';
import {
  ATTENTION_TYPES,
  BARRIOS,
  CATEGORIES,
  DAY_GROUPS,
  LANGUAGES,
  SERVICE_TYPES,
  TIME_SLOTS,
  type AttentionType,
  type Category,
  type DayGroup,
  type Language,
  type Plan,
  type ServiceType,
  type TimeSlot,
} from '#shared/catalogue.ts';
import { toMask } from '#shared/masks.ts';
import { buildSearchText, slugify } from '#shared/ad-text.ts';
import { shiftDate, buenosAiresDate } from '#shared/dates.ts';
import { copyAdImage, storeAdImage } from '#api/services/image-store.ts';
import { refreshSearchRanks } from '#db/queries/search-rank.ts';
import { insertedId } from '#db/dialect.ts';

/** A small seeded random generator (mulberry32): the same seed gives the same demo data. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], min = 1): T[] => {
    const chosen = list.filter(() => next() < 0.4);
    return chosen.length >= min ? chosen : [pick(list)];
  };
  return { next, int, pick, some, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof createRandom>;

export interface AdvertiserInput {
  email?: string;
  fullName?: string;
  birthDate?: string;
  dni?: string;
  verificationStatus?: 'unverified' | 'pending' | 'verified' | 'rejected';
}

let sequence = 0;

export async function insertAdvertiser(db: Knex, input: AdvertiserInput = {}): Promise<number> {
  sequence += 1;
  const now = new Date();
  const [row] = await db('advertisers')
    .insert({
      email: input.email ?? `anunciante${Date.now().toString(36)}${sequence}@example.com`,
      full_name: input.fullName ?? 'Persona de Prueba',
      birth_date: input.birthDate ?? '1995-06-15',
      dni: input.dni ?? null,
      verification_status: input.verificationStatus ?? 'verified',
      verified_at: (input.verificationStatus ?? 'verified') === 'verified' ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id');
  return insertedId(row);
}

export interface AdInput {
  title?: string;
  description?: string;
  category?: Category;
  barrio?: string | null;
  phone?: string | null;
  pricePerHour?: number | null;
  days?: DayGroup[];
  slots?: TimeSlot[];
  is24h?: boolean;
  openSchedule?: boolean;
  languages?: Language[];
  services?: ServiceType[];
  attention?: AttentionType[];
  photosVerified?: boolean;
  state?: string;
  plan?: Plan;
  planExpiresAt?: Date | null;
  publishedAt?: Date;
  viewCount?: number;
}

/** The row for an ad, with defaults for everything not given. */
export function adRow(advertiserId: number, input: AdInput = {}, now = new Date()) {
  const title = input.title ?? 'Anuncio de prueba';
  const description = input.description ?? 'Descripción de prueba con un texto neutral.';
  const category = input.category ?? 'masajes';
  const barrio = input.barrio === undefined ? 'palermo' : input.barrio;
  const publishedAt = input.publishedAt ?? now;
  return {
    advertiser_id: advertiserId,
    slug: slugify(title),
    title,
    description,
    category,
    zona: 'caba',
    barrio,
    phone: input.phone === undefined ? '+5491155550000' : input.phone,
    price_per_hour: input.pricePerHour === undefined ? 10000 : input.pricePerHour,
    days_mask: toMask(DAY_GROUPS, input.days ?? ['lunes-viernes']),
    slots_mask: toMask(TIME_SLOTS, input.slots ?? ['tarde']),
    is_24h: input.is24h ?? false,
    open_schedule: input.openSchedule ?? false,
    languages_mask: toMask(LANGUAGES, input.languages ?? ['espanol']),
    services_mask: toMask(SERVICE_TYPES, input.services ?? ['presencial']),
    attention_mask: toMask(ATTENTION_TYPES, input.attention ?? ['individual']),
    photos_verified: input.photosVerified ?? false,
    state: input.state ?? 'published',
    plan: input.plan ?? 'gratuito',
    plan_expires_at: input.planExpiresAt ?? null,
    published_at: publishedAt,
    expires_at: new Date(publishedAt.getTime() + 30 * 86_400_000),
    view_count: input.viewCount ?? 0,
    search_text: buildSearchText({ title, description, barrio, category }),
    created_at: publishedAt,
    updated_at: publishedAt,
  };
}

export async function insertAd(db: Knex, advertiserId: number, input: AdInput = {}): Promise<number> {
  const [row] = await db('ads').insert(adRow(advertiserId, input)).returning('id');
  const id = insertedId(row);
  await refreshSearchRanks(db, new Date(), [id]);
  return id;
}

// --- Demo content -----------------------------------------------------------------------------

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
  const planRoll = rand.next();
  const plan: Plan = planRoll < 0.06 ? 'vip' : planRoll < 0.2 ? 'premium' : 'gratuito';
  return {
    title: `${name}, ${service} en ${barrio.name}`.slice(0, 80),
    description: `Hola, soy ${name}. ${description}`,
    category,
    barrio: barrio.slug,
    phone: `+54911${rand.int(30000000, 69999999)}`,
    pricePerHour: rand.chance(0.08) ? null : rand.pick([4000, 4500, 6000, 7500, 8000, 9000, 12000, 15000, 18000, 22000, 25000, 30000]),
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
    services: rand.some(SERVICE_TYPES.map((s) => s.value)),
    attention: rand.some(ATTENTION_TYPES.map((a) => a.value)),
    photosVerified: rand.chance(0.45),
    plan,
    planExpiresAt: plan === 'gratuito' ? null : new Date(now.getTime() + rand.int(3, 28) * 86_400_000),
    publishedAt: new Date(now.getTime() - rand.int(0, 25 * 24 * 60) * 60_000),
    viewCount: rand.int(0, 2500),
  };
}

/** A birth date for someone between 18 and 55 today. */
export function demoBirthDate(rand: Random, now: Date): string {
  return shiftDate(buenosAiresDate(now), -rand.int(18, 55), -rand.int(0, 364));
}

const PALETTES = [
  ['#2d1b3d', '#a4508b', '#f6c1a8'],
  ['#0f2027', '#2c5364', '#f2a65a'],
  ['#3a1c71', '#d76d77', '#ffaf7b'],
  ['#1d2b64', '#f8cdda', '#8e6fb5'],
  ['#232526', '#b06ab3', '#4568dc'],
  ['#41295a', '#2f0743', '#e8a87c'],
];

/** An abstract picture (colour fields and shapes), 800 x 1000, as PNG. */
export async function demoPicture(rand: Random): Promise<Buffer> {
  const [bg, a, b] = rand.pick(PALETTES);
  const shapes = Array.from({ length: rand.int(3, 7) }, () => {
    const colour = rand.chance(0.5) ? a : b;
    const opacity = (0.25 + rand.next() * 0.5).toFixed(2);
    return rand.chance(0.6)
      ? `<circle cx="${rand.int(0, 800)}" cy="${rand.int(0, 1000)}" r="${rand.int(60, 320)}" fill="${colour}" fill-opacity="${opacity}"/>`
      : `<rect x="${rand.int(-100, 700)}" y="${rand.int(-100, 900)}" width="${rand.int(120, 500)}" height="${rand.int(120, 500)}" rx="${rand.int(0, 60)}" fill="${colour}" fill-opacity="${opacity}" transform="rotate(${rand.int(-30, 30)} 400 500)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${a}"/></linearGradient></defs>
    <rect width="800" height="1000" fill="url(#g)"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

export interface StoredPicture {
  key: string;
  width: number;
  height: number;
}

/** Generates `count` distinct pictures and stores them; demo ads draw their photos from this pool. */
export async function generatePicturePool(dataDir: string, count: number, rand: Random): Promise<StoredPicture[]> {
  const pictures = await Promise.all(Array.from({ length: count }, () => demoPicture(rand)));
  const pool: StoredPicture[] = [];
  for (const picture of pictures) pool.push(await storeAdImage(dataDir, picture));
  return pool;
}

/** Gives an ad `count` photos from the pool, each copied under its own key, and records them in ad_images. */
export async function insertDemoImages(
  db: Knex,
  dataDir: string,
  adId: number,
  title: string,
  count: number,
  pool: StoredPicture[],
  rand: Random,
) {
  for (let position = 0; position < count; position++) {
    const picture = rand.pick(pool);
    await db('ad_images').insert({
      ad_id: adId,
      position,
      file_key: await copyAdImage(dataDir, picture.key),
      width: picture.width,
      height: picture.height,
      alt: `Imagen ${position + 1} de ${title}`,
    });
  }
}

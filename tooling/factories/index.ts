// Builders of advertisers and ads for tests, demo data and benchmarks. Texts are invented and neutral;
// the demo's content and pictures are in demo-content.ts and demo-pictures.ts.
import type { Knex } from 'knex';
import {
  ATTENTION_TYPES,
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
import { saveAdRates } from '#db/queries/ad-rates.ts';
import { HOURLY, lowestHourlyRate, ratePlacesOf, type Rates } from '#shared/rates.ts';
import { insertedId } from '#db/dialect.ts';

export { createRandom, type Random } from './random.ts';

export interface AdvertiserInput {
  email?: string;
  fullName?: string;
  birthDate?: string;
  dni?: string;
  verificationStatus?: 'unverified' | 'pending' | 'verified' | 'rejected';
  /** A password's hash: the account then has its email confirmed, and can sign in and delete itself. */
  passwordHash?: string;
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
      ...(input.passwordHash ? { password_hash: input.passwordHash, email_confirmed_at: now } : {}),
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
  /** Without rates, the price becomes the 1-hour rate of the ad's first place (as migration 020 moved prices). */
  pricePerHour?: number | null;
  rates?: Rates;
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

const priceOf = (input: AdInput) =>
  input.pricePerHour !== undefined ? input.pricePerHour : input.rates ? lowestHourlyRate(input.rates) : 10000;

/** The ad's rates: those given, or its price as the 1-hour rate of its first place. */
function ratesOf(input: AdInput): Rates {
  if (input.rates) return input.rates;
  const price = priceOf(input);
  return price === null ? {} : { [ratePlacesOf(input.services ?? ['presencial'])[0]!]: { [HOURLY]: price } };
}

/** The row for an ad, with defaults for everything not given (no rates: insertAd writes those). */
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
    price_per_hour: priceOf(input),
    days_mask: toMask(DAY_GROUPS, input.days ?? ['lunes-viernes']),
    slots_mask: toMask(TIME_SLOTS, input.slots ?? ['tarde']),
    is_24h: input.is24h ?? false,
    open_schedule: input.openSchedule ?? false,
    languages_mask: toMask(LANGUAGES, input.languages ?? ['espanol']),
    services_mask: toMask(SERVICE_TYPES, input.services ?? ['presencial']),
    attention_mask: toMask(ATTENTION_TYPES, input.attention ?? ['individual']),
    photos_verified: input.photosVerified ?? false,
    // As db/queries/photos-verified.ts writes it: since when (here, since publication).
    photos_verified_at: input.photosVerified ? publishedAt : null,
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
  // Its search rank is the database's to keep (docs/decisions/050-ranking.md): the insert marks it.
  return db.transaction(async (trx) => {
    const [row] = await trx('ads').insert(adRow(advertiserId, input)).returning('id');
    const adId = insertedId(row);
    // Through the site's own write path, which also sets the price per hour from the rates.
    await saveAdRates(trx, adId, ratesOf(input));
    return adId;
  });
}

let photoSequence = 0;

export interface AdPhotoInput {
  /** The stored file's key (api/services/image-store.ts); by default a key no file has. */
  fileKey?: string;
  width?: number;
  height?: number;
  alt?: string;
  verifiedAt?: Date | null;
}

/** A photo of an ad, after its others in the gallery; its stored file needs not exist. */
export async function insertAdPhoto(db: Knex, adId: number, input: AdPhotoInput = {}): Promise<number> {
  photoSequence += 1;
  const last = await db('ad_images').where('ad_id', adId).max({ position: 'position' }).first();
  const [row] = await db('ad_images')
    .insert({
      ad_id: adId,
      position: Number(last?.position ?? -1) + 1,
      file_key: input.fileKey ?? `${Date.now().toString(16)}${photoSequence.toString(16)}`.padStart(32, 'f'),
      width: input.width ?? 64,
      height: input.height ?? 64,
      alt: input.alt ?? '',
      verified_at: input.verifiedAt ?? null,
    })
    .returning('id');
  return insertedId(row);
}

export { demoAdInput, demoBirthDate } from './demo-content.ts';
export { insertAvailabilityWindow, insertCheckIn, insertDailyStats } from './ad-activity.ts';
export { AdvertiserPictures, demoPicture, insertDemoImages, skipPictureDraws, type StoredPicture } from './demo-pictures.ts';
export {
  insertAdministrator,
  insertAdPhotoRows,
  insertBankAccount,
  insertContactMessage,
  insertPayment,
  insertPhotoVerificationRequest,
  insertReport,
  insertSafetyAlert,
  insertVerificationRequest,
  newFileKey,
} from './staff.ts';

// Rows that follow an ad or an advertiser through their days: "Disponible ahora" and "Hoy no atiendo" windows, daily
// statistics, check-in timers. Each factory writes one row with plausible defaults; tests name what matters to them.
import type { Knex } from 'knex';
import { insertedId } from '#db/dialect.ts';

const HOUR = 3_600_000;

export interface AvailabilityWindowInput {
  kind?: 'available' | 'off';
  startsAt?: Date;
  /** Hours from startsAt to its end (1 by default). */
  hours?: number;
  createdAt?: Date;
}

/** A window of `adId`: available for an hour from now unless told otherwise. */
export async function insertAvailabilityWindow(db: Knex, adId: number, input: AvailabilityWindowInput = {}): Promise<number> {
  const startsAt = input.startsAt ?? new Date();
  const [row] = await db('availability_windows')
    .insert({
      ad_id: adId,
      kind: input.kind ?? 'available',
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + (input.hours ?? 1) * HOUR),
      created_at: input.createdAt ?? startsAt,
    })
    .returning('id');
  return insertedId(row);
}

export interface DailyStatsInput {
  impressions?: number;
  views?: number;
  phoneReveals?: number;
  whatsappOpens?: number;
}

/** The counts of `adId` on `day` (YYYY-MM-DD, Buenos Aires). */
export async function insertDailyStats(db: Knex, adId: number, day: string, input: DailyStatsInput = {}): Promise<void> {
  await db('ad_daily_stats').insert({
    ad_id: adId,
    day,
    impressions: input.impressions ?? 1,
    views: input.views ?? 1,
    phone_reveals: input.phoneReveals ?? 0,
    whatsapp_opens: input.whatsappOpens ?? 0,
  });
}

export interface CheckInInput {
  contactEmail?: string;
  shownName?: string;
  message?: string;
  startedAt?: Date;
  dueAt?: Date;
}

/** A check-in timer of `advertiserId`, running, due in an hour unless told otherwise. */
export async function insertCheckIn(db: Knex, advertiserId: number, input: CheckInInput = {}): Promise<number> {
  const startedAt = input.startedAt ?? new Date();
  const [row] = await db('check_ins')
    .insert({
      advertiser_id: advertiserId,
      contact_email: input.contactEmail ?? 'contacto@example.com',
      shown_name: input.shownName ?? 'Anunciante',
      message: input.message ?? 'Voy a una cita en Palermo.',
      started_at: startedAt,
      due_at: input.dueAt ?? new Date(startedAt.getTime() + HOUR),
      extensions: 0,
      attempts: 0,
    })
    .returning('id');
  return insertedId(row);
}

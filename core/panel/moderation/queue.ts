// Anuncios: the ads of a state as staff review them, with what screening found, the photos and phone number shared
// with other accounts' ads, the open reports, and what a moderator judges an ad by besides its text and photos:
// its contact phone (read as Argentines write it), its weekly schedule and the advertiser's age.
import type { Knex } from 'knex';
import {
  moderationQueue as readQueue,
  type DuplicateMatch as MatchRow,
  type ModerationItem as ItemRow,
} from '#db/queries/admin/moderation.ts';
import type { DuplicateMatch, ModerationItem, ModerationState } from '#shared/contracts/staff/moderation.ts';
import { ageFrom } from '#shared/dates.ts';
import { formatPhoneLocal } from '#shared/phone.ts';

function presentMatch(match: MatchRow): DuplicateMatch {
  const other = match.otherAd;
  return {
    kind: match.kind,
    match: match.match,
    photo: match.photo,
    otherPhoto: match.otherPhoto,
    distance: match.distance,
    mirrored: match.mirrored,
    otherAd: other && { id: other.id, slug: other.slug, title: other.title, state: other.state, advertiserName: other.advertiserName },
  };
}

export function presentModerationItem(row: ItemRow, now = new Date()): ModerationItem {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    barrio: row.barrio,
    description: row.description,
    state: row.state,
    stateReason: row.stateReason,
    phone: row.phone && formatPhoneLocal(row.phone),
    schedule: row.schedule,
    age: row.birthDate && { years: ageFrom(row.birthDate.date, now), confirmed: row.birthDate.confirmed },
    rates: row.rates,
    services: row.services,
    flags: row.flags.map((f) => ({ kind: f.kind, match: f.match })),
    score: row.score,
    matches: row.matches.map(presentMatch),
    advertiserName: row.advertiserName,
    advertiserVerification: row.advertiserVerification,
    photos: row.photos,
    openReports: row.openReports.map((r) => ({ id: r.id, label: r.label, hides: r.hides, createdAt: r.createdAt })),
    submittedAt: row.submittedAt,
  };
}

/** The pending queue heaviest review score first, then first come, first reviewed; newest first otherwise. */
export async function moderationQueue(db: Knex, state: ModerationState, now = new Date()): Promise<ModerationItem[]> {
  return (await readQueue(db, state)).map((row) => presentModerationItem(row, now));
}

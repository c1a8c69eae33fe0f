// Anuncios: the ads of a state as staff review them, with what screening found, the photos and phone number shared
// with other accounts' ads, and the open reports.
import type { Knex } from 'knex';
import {
  moderationQueue as readQueue,
  type DuplicateMatch as MatchRow,
  type ModerationItem as ItemRow,
} from '#db/queries/admin/moderation.ts';
import type { DuplicateMatch, ModerationItem, ModerationState } from '#shared/contracts/staff/moderation.ts';

function presentMatch(match: MatchRow): DuplicateMatch {
  const other = match.otherAd;
  return {
    kind: match.kind,
    match: match.match,
    photo: match.photo,
    otherPhoto: match.otherPhoto,
    distance: match.distance,
    otherAd: other && { id: other.id, slug: other.slug, title: other.title, state: other.state, advertiserName: other.advertiserName },
  };
}

export function presentModerationItem(row: ItemRow): ModerationItem {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    barrio: row.barrio,
    description: row.description,
    state: row.state,
    stateReason: row.stateReason,
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
export async function moderationQueue(db: Knex, state: ModerationState): Promise<ModerationItem[]> {
  return (await readQueue(db, state)).map(presentModerationItem);
}

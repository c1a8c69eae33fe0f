// Duplicates across accounts (docs/decisions/043): the same photo (perceptual hash, shared/photo-hash.ts) or the
// same phone number in an ad of another account. Agencies and scammers show up this way; the ad goes to review
// with the match shown to staff. Photos of ads staff removed are kept as hashes and cannot be uploaded again.
// A photo is compared by its hash and by its mirror image's (docs/decisions/067-photo-trust.md), so a copy flipped
// left to right matches too; the other photos' own hashes are enough for that (mirroring both keeps the distance).
// The ads compared are those of other accounts in every state but 'draft': a draft has not been sent to anyone,
// and someone could otherwise write another person's number in one to have that person's ads flagged.
import type { Knex } from 'knex';
import { Ad, AdPhoto } from '#db/models/index.ts';
import { bandProbes, hashBands, hashDistance, MAX_HASH_DISTANCE, type PictureHashes } from '#shared/photo-hash.ts';
import type { DuplicatePhoneFlag, DuplicatePhotoFlag } from '#shared/review-flags.ts';

/** At most this many matches of each kind are kept with an ad: enough for staff to see the pattern. */
const MAX_MATCHES = 10;

const bandColumns = (hash: string | null) => {
  const bands = hash ? hashBands(hash) : [null, null, null, null];
  return { b0: bands[0], b1: bands[1], b2: bands[2], b3: bands[3] };
};

/**
 * Records a photo's hashes (null for a flat picture: hashed, nothing to compare). A photo hashed before mirror hashes
 * existed gets both again (the backfill, from its stored file).
 */
export async function savePhotoHash(db: Knex, adImageId: number, { hash, mirrorHash }: PictureHashes): Promise<void> {
  const columns = { hash, ...bandColumns(hash), mirror_hash: mirrorHash };
  await db('photo_hashes')
    .insert({ ad_image_id: adImageId, ...columns })
    .onConflict('ad_image_id')
    .merge(Object.keys(columns));
}

/**
 * Photos stored before hashes existed, or hashed before mirror hashes did (api/services/photo-hash-backfill.ts),
 * oldest first.
 */
/**
 * A stored photo the backfill could not read again (its file missing or undecodable): a hash it already has is kept,
 * its mirror image's taken as its own (nothing more to compare), so it is neither lost nor tried again every run; a
 * photo without any row is recorded as flat.
 */
export async function keepHashWithoutMirror(db: Knex, adImageId: number): Promise<void> {
  const kept = await db('photo_hashes')
    .where('ad_image_id', adImageId)
    .whereNotNull('hash')
    .update({ mirror_hash: db.ref('hash') });
  if (kept === 0) await savePhotoHash(db, adImageId, { hash: null, mirrorHash: null });
}

export async function photosWithoutHash(db: Knex, limit: number): Promise<Pick<AdPhoto, 'id' | 'fileKey'>[]> {
  return AdPhoto.query(db)
    .leftJoin('photo_hashes as h', 'h.ad_image_id', 'ad_images.id')
    .where((q) => void q.whereNull('h.id').orWhere((q2) => void q2.whereNotNull('h.hash').whereNull('h.mirror_hash')))
    .orderBy('ad_images.id')
    .limit(limit)
    .select('ad_images.id', 'ad_images.file_key');
}

/** A picture's hashes to compare: its own and its mirror image's (none for a flat picture). */
const hashesToCompare = ({ hash, mirrorHash }: PictureHashes): string[] =>
  hash === null ? [] : [hash, ...(mirrorHash && mirrorHash !== hash ? [mirrorHash] : [])];

/** The closest of `ours` to `other`: how many bits differ, and whether it was the mirror image's hash. */
function closest(other: string, ours: PictureHashes): { distance: number; mirrored: boolean } {
  const straight = hashDistance(other, ours.hash!);
  const mirrored = ours.mirrorHash ? hashDistance(other, ours.mirrorHash) : 64;
  return mirrored < straight ? { distance: mirrored, mirrored: true } : { distance: straight, mirrored: false };
}

/** Rows whose hash has a band among the probes of one of `hashes`: the candidates, checked for the real distance after. */
function candidates(db: Knex, hashes: string[]) {
  return db('photo_hashes as h').where((q) => {
    for (const hash of hashes) bandProbes(hash).forEach((values, i) => void q.orWhereIn(`h.b${i}`, values));
  });
}

/** True when the picture (or its mirror image) is one of a photo of an ad staff removed: it cannot be used again, by anyone. */
export async function isRemovedAdPhoto(db: Knex, picture: PictureHashes): Promise<boolean> {
  const hashes = hashesToCompare(picture);
  if (!hashes.length) return false;
  const rows: { hash: string }[] = await candidates(db, hashes).whereNotNull('h.removed_at').select('h.hash');
  return rows.some((row) => closest(row.hash, picture).distance <= MAX_HASH_DISTANCE);
}

/** On removal by staff: the hashes of the ad's photos, kept after the photos, the files and the ad are gone. */
export async function keepRemovedAdPhotos(db: Knex, adId: number, now: Date): Promise<void> {
  const rows: { hash: string; advertiser_id: number }[] = await db('photo_hashes as h')
    .join('ad_images as i', 'i.id', 'h.ad_image_id')
    .join('ads as a', 'a.id', 'i.ad_id')
    .where('a.id', adId)
    .whereNotNull('h.hash')
    .select('h.hash', 'a.advertiser_id');
  const kept = new Set<string>(await db('photo_hashes').where('removed_ad_id', adId).pluck('hash'));
  const fresh = [...new Map(rows.filter((r) => !kept.has(r.hash)).map((r) => [r.hash, r])).values()];
  if (!fresh.length) return;
  await db('photo_hashes').insert(
    fresh.map((r) => ({
      hash: r.hash,
      ...bandColumns(r.hash),
      removed_ad_id: adId,
      removed_advertiser_id: r.advertiser_id,
      removed_at: now,
    })),
  );
}

/** The ad's photos that are (nearly) the same picture as a photo of another account's ad; the closest first. */
export async function duplicatePhotoFlags(db: Knex, ad: { id: number; advertiserId: number }): Promise<DuplicatePhotoFlag[]> {
  const own: { id: number; position: number; hash: string; mirror_hash: string | null }[] = await db('ad_images as i')
    .join('photo_hashes as h', 'h.ad_image_id', 'i.id')
    .where('i.ad_id', ad.id)
    .whereNotNull('h.hash')
    .orderBy('i.position')
    .orderBy('i.id')
    .select('i.id', 'i.position', 'h.hash', 'h.mirror_hash');
  const flags: DuplicatePhotoFlag[] = [];
  for (const [index, photo] of own.entries()) {
    const ours = { hash: photo.hash, mirrorHash: photo.mirror_hash };
    const rows: { image_id: number; hash: string; ad_id: number; advertiser_id: number }[] = await candidates(db, hashesToCompare(ours))
      .join('ad_images as i', 'i.id', 'h.ad_image_id')
      .join('ads as a', 'a.id', 'i.ad_id')
      .whereNot('a.advertiser_id', ad.advertiserId)
      .whereNot('a.state', 'draft')
      .select('i.id as image_id', 'h.hash', 'a.id as ad_id', 'a.advertiser_id');
    // One match per other ad: its closest photo.
    const best = new Map<number, DuplicatePhotoFlag>();
    for (const row of rows) {
      const { distance, mirrored } = closest(row.hash, ours);
      if (distance > MAX_HASH_DISTANCE || (best.get(row.ad_id)?.distance ?? 99) <= distance) continue;
      best.set(row.ad_id, {
        kind: 'foto_duplicada',
        match: `foto ${index + 1}`,
        photoId: photo.id,
        otherPhotoId: row.image_id,
        otherAdId: row.ad_id,
        otherAdvertiserId: row.advertiser_id,
        distance,
        ...(mirrored ? { mirrored: true as const } : {}),
      });
    }
    flags.push(...[...best.values()].sort((a, b) => a.distance - b.distance || a.otherAdId - b.otherAdId));
  }
  return flags.slice(0, MAX_MATCHES);
}

/** Other accounts' ads with the same phone number (E.164, index ads_phone_state_index), oldest first. */
export async function duplicatePhoneFlags(
  db: Knex,
  ad: { id: number; advertiserId: number; phone: string | null },
): Promise<DuplicatePhoneFlag[]> {
  if (!ad.phone) return [];
  const others = await Ad.query(db)
    .where('phone', ad.phone)
    .whereNot('state', 'draft')
    .whereNot('advertiser_id', ad.advertiserId)
    .orderBy('id')
    .limit(MAX_MATCHES)
    .select('id', 'advertiser_id');
  return others.map((other) => ({
    kind: 'telefono_duplicado',
    match: ad.phone!,
    otherAdId: other.id,
    otherAdvertiserId: other.advertiserId,
  }));
}

// The advertiser's own ads as their account shows them: the list (with where each published one stands in
// "Disponible ahora"), one ad, and one ad's editor. Another advertiser's ad is not found, like a missing one.
import type { Knex } from 'knex';
import { ownAdsWithRates, ownAdWithRates } from '#db/queries/advertiser-ads.ts';
import { coverKeysOf, listPhotos } from '#db/queries/ad-photos.ts';
import { adImageUrl } from '#shared/photo-urls.ts';
import type { AdAvailability } from '#shared/available-now.ts';
import type { OwnAd, OwnAdEditor } from '#shared/contracts/advertiser/own-ads.ts';
import { planPrices } from '#core/plans/plan-prices.ts';
import { presentOwnAd } from './present-own-ad.ts';
import { availabilityOf } from './available-now.ts';

/** An id from an address: a positive safe integer, or nothing to look for. */
export const isRecordId = (id: number) => Number.isSafeInteger(id) && id > 0;

export async function listOwnAds(db: Knex, advertiserId: number, now = new Date()): Promise<OwnAd[]> {
  const ads = await ownAdsWithRates(db, advertiserId);
  const covers = await coverKeysOf(
    db,
    ads.map((ad) => ad.id),
  );
  return ads.map((ad) => presentOwnAd(ad, now, covers.get(ad.id)));
}

/** Every ad of the advertiser, and where each published one stands in "Disponible ahora", by id. */
export async function ownAdsOverview(
  db: Knex,
  advertiserId: number,
  now = new Date(),
): Promise<{ ads: OwnAd[]; availability: Record<number, AdAvailability> }> {
  const ads = await listOwnAds(db, advertiserId, now);
  const published = ads.filter((ad) => ad.state === 'published').map((ad) => ad.id);
  return { ads, availability: Object.fromEntries(await availabilityOf(db, published, now)) };
}

export async function findOwnAd(db: Knex, advertiserId: number, adId: number, now = new Date()): Promise<OwnAd | null> {
  if (!isRecordId(adId)) return null;
  const ad = await ownAdWithRates(db, advertiserId, adId);
  return ad ? presentOwnAd(ad, now, (await coverKeysOf(db, [ad.id])).get(ad.id)) : null;
}

/** The editor of an ad its owner may still edit; null when it is not theirs, removed or held by a report. */
export async function ownAdEditor(db: Knex, advertiserId: number, adId: number, now = new Date()): Promise<OwnAdEditor | null> {
  const ad = await findOwnAd(db, advertiserId, adId, now);
  if (!ad || ad.state === 'removed' || ad.state === 'held') return null;
  const photos = (await listPhotos(db, ad.id)).map((p) => ({ id: p.id, url: adImageUrl(p.key, 400) }));
  const prices = await planPrices(db);
  return { ad, photos, prices: { premium: prices.premium, vip: prices.vip } };
}

// The public ads as the sitemap lists them: their address parts and last change, in parts of a given size, read
// with the search's own "public" predicate (publicAds) so that the sitemap never names an ad the site would 404.
import type { Knex } from 'knex';
import { publicAds } from './search-ads.ts';

export interface SitemapAd {
  id: number;
  slug: string;
  updatedAt: Date;
}

/** How many public ads there are (the number of sitemap parts follows from it). */
export async function countSitemapAds(db: Knex): Promise<number> {
  const row = await publicAds(db).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** Part `part` (from 1) of the public ads in id order, `size` per part; empty past the end. */
export async function sitemapAds(db: Knex, part: number, size: number): Promise<SitemapAd[]> {
  const rows = (await publicAds(db)
    .select('ads.id', 'ads.slug', 'ads.updated_at')
    .orderBy('ads.id')
    .limit(size)
    .offset((part - 1) * size)) as { id: number; slug: string; updated_at: Date | string | number }[];
  return rows.map((r) => ({ id: Number(r.id), slug: r.slug, updatedAt: new Date(r.updated_at) }));
}

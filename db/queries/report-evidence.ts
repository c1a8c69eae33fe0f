// Photos that reports keep as evidence. When a report is made, the reported ad's photos are recorded with it, and
// their files are not deleted while any report that is open or was upheld ('resolved') names them, even when the
// ad or the photo is deleted. A dismissed report keeps nothing. A report preserved for the authorities
// (report-preservation.ts) keeps its evidence and the ad's photos of the moment it was preserved
// (report_preserved_files) whatever its status, until staff release it. Files nobody references are removed by
// the orphan-file job.
import type { Knex } from 'knex';

/** The keys among `keys` whose files may be deleted now: those no open, upheld or preserved report keeps. */
export async function keysNotKeptAsEvidence(db: Knex, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const evidence: string[] = await db('report_evidence as e')
    .join('reports as r', 'r.id', 'e.report_id')
    .whereIn('e.file_key', keys)
    .where((q) => q.whereIn('r.status', ['open', 'resolved']).orWhereNotNull('r.preserved_at'))
    .distinct()
    .pluck('e.file_key');
  const preserved: string[] = await db('report_preserved_files as p')
    .join('reports as r', 'r.id', 'p.report_id')
    .whereIn('p.file_key', keys)
    .whereNotNull('r.preserved_at')
    .distinct()
    .pluck('p.file_key');
  const kept = new Set([...evidence, ...preserved]);
  return keys.filter((key) => !kept.has(key));
}

/** Whether a photo file is kept as evidence (then only staff may see it). */
export async function isKeptAsEvidence(db: Knex, key: string): Promise<boolean> {
  return (await keysNotKeptAsEvidence(db, [key])).length === 0;
}

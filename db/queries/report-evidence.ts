// Photos that reports keep as evidence. When a report is made, the reported ad's photos are recorded with it, and
// their files are not deleted while any report that is open or was upheld ('resolved') names them, even when the
// ad or the photo is deleted. A dismissed report keeps nothing; files nobody references are removed by the
// orphan-file job.
import type { Knex } from 'knex';

/** The keys among `keys` whose files may be deleted now: those no open or upheld report keeps. */
export async function keysNotKeptAsEvidence(db: Knex, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const kept: string[] = await db('report_evidence as e')
    .join('reports as r', 'r.id', 'e.report_id')
    .whereIn('e.file_key', keys)
    .whereIn('r.status', ['open', 'resolved'])
    .distinct()
    .pluck('e.file_key');
  return keys.filter((key) => !kept.includes(key));
}

/** Whether a photo file is kept as evidence (then only staff may see it). */
export async function isKeptAsEvidence(db: Knex, key: string): Promise<boolean> {
  return (await keysNotKeptAsEvidence(db, [key])).length === 0;
}

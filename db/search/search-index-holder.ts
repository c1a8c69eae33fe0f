// Keeps one process's in-memory search index current (docs/decisions/024-search-index.md). A search asks for the
// index of the catalog version now in force; while the index is of an older version it gets none (the database
// answers) and a rebuild starts in the background, at most one at a time and one every 15 s, so a catalogue
// that changes every second costs one rebuild per interval, not one per change.
import type { Knex } from 'knex';
import { readRotationWindow } from '#db/queries/search-rank.ts';
import { readCatalogVersion } from '#db/queries/catalog-version.ts';
import { loadIndexRows } from '#db/queries/search-index-rows.ts';
import { CatalogueIndex } from './catalogue-index.ts';

export interface SearchIndexHolderOptions {
  /** The catalog version in force, as the render cache last read it (at most a second old). */
  currentVersion: () => Promise<number>;
  /** Time between the starts of two rebuilds at least. */
  rebuildEveryMs?: number;
}

/** A build that takes longer is logged (the first build always is). */
const SLOW_BUILD_MS = 2_000;

export class SearchIndexHolder {
  private index: CatalogueIndex | null = null;
  private building: Promise<void> | null = null;
  private lastStart = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private builds = 0;
  private readonly db: Knex;
  private readonly options: SearchIndexHolderOptions;

  constructor(db: Knex, options: SearchIndexHolderOptions) {
    this.db = db;
    this.options = options;
  }

  /** The index of the version in force, or null while there is none (then the database answers the search). */
  async current(): Promise<CatalogueIndex | null> {
    const version = await this.options.currentVersion();
    if (this.index?.version === version) return this.index;
    this.rebuildSoon();
    return null;
  }

  /** Builds the index now unless a build is running; resolves when the build that serves this call ends. */
  rebuild(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.building ??= this.build().finally(() => (this.building = null));
    return this.building;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private rebuildSoon(): void {
    if (this.building || this.timer || this.closed) return;
    const wait = this.lastStart + (this.options.rebuildEveryMs ?? 15_000) - performance.now();
    if (wait <= 0) {
      void this.rebuild();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.rebuild();
    }, wait);
    this.timer.unref();
  }

  private async build(): Promise<void> {
    this.lastStart = performance.now();
    try {
      // The version first: a change made while the rows are read leaves the index older than the version in force,
      // so it is not used and is built again.
      const version = await readCatalogVersion(this.db);
      const rotationWindow = await readRotationWindow(this.db);
      const rows = await loadIndexRows(this.db);
      this.index = await CatalogueIndex.build(rows, version, rotationWindow);
      const ms = Math.round(performance.now() - this.lastStart);
      this.builds += 1;
      if (this.builds === 1 || ms > SLOW_BUILD_MS) console.log(`Search index: ${rows.length} ads in ${ms} ms`);
    } catch (err) {
      console.error('Search index: could not be built; searches read the database meanwhile:', (err as Error).message);
    }
  }
}

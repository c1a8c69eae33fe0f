// The words of the catalogue's search texts, for the in-memory index's prefix matching (docs/decisions/024): each
// distinct word in sorted order with the positions of the ads that have it, cut as the database's text search cuts.
import type { IndexRow } from './index-row.ts';
import { PositionSet } from './position-sets.ts';
import { setBounded } from '#shared/bounded-memo.ts';

/** Words of a folded search text as the full-text engines cut it: runs of letters and digits. */
export function wordsOf(searchText: string): string[] {
  // Folded text is mostly ASCII, where a plain class is the same cut and several times faster than a Unicode one.
  // eslint-disable-next-line no-control-regex
  const cut = /^[\x00-\x7f]*$/.test(searchText) ? /[^a-z0-9]+/ : /[^\p{L}\p{N}]+/u;
  return searchText.split(cut).filter((w) => w.length > 0);
}

/** Lets the event loop answer what is waiting, between slices of a long build. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Ads tokenized between two breaths. */
const SLICE = 5_000;

export class WordIndex {
  private readonly size: number;
  /** Distinct words in sorted order, and for each the positions of the ads that have it. */
  private readonly words: string[];
  private readonly postings: Int32Array[];
  private readonly termCache = new Map<string, PositionSet>();

  private constructor(size: number, words: string[], postings: Int32Array[]) {
    this.size = size;
    this.words = words;
    this.postings = postings;
  }

  /** The words of every ad's search text, and for each word the positions of the ads that have it. */
  static async build(rows: readonly Pick<IndexRow, 'searchText' | 'words'>[]): Promise<WordIndex> {
    const byWord = new Map<string, number[]>();
    for (let start = 0; start < rows.length; start += SLICE) {
      if (start > 0) await breathe();
      const end = Math.min(rows.length, start + SLICE);
      for (let i = start; i < end; i++) {
        for (const word of rows[i]!.words ?? wordsOf(rows[i]!.searchText)) {
          const list = byWord.get(word);
          if (!list) byWord.set(word, [i]);
          else if (list[list.length - 1] !== i) list.push(i);
        }
      }
    }
    const words = [...byWord.keys()].sort();
    return new WordIndex(
      rows.length,
      words,
      words.map((w) => Int32Array.from(byWord.get(w)!)),
    );
  }

  /** Positions whose text has a word starting with `term`; kept for the next searches. */
  withPrefix(term: string): PositionSet {
    let found = this.termCache.get(term);
    if (found) return found;
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.words[mid]! < term) lo = mid + 1;
      else hi = mid;
    }
    const postings: Int32Array[] = [];
    for (let w = lo; w < this.words.length && this.words[w]!.startsWith(term); w++) postings.push(this.postings[w]!);
    found = postings.length === 1 ? PositionSet.of(postings[0]!, this.size) : PositionSet.ofLists(postings, this.size);
    return setBounded(this.termCache, term, found, 200);
  }
}

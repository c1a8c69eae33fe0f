// Which pages were asked for before, for the render cache's 'when-asked-again' (render-cache.ts): a page made once,
// a page another request waited for while it was made, a page kept and then out of date. Only keys are held, at most
// ASKED_KEYS of them (some 100 bytes each), the oldest forgotten first.
import { addBounded } from '#shared/bounded-memo.ts';

export const ASKED_KEYS = 20_000;

export class AskedPages {
  private readonly keys = new Set<string>();

  /** Notes that the page was asked for. */
  note(key: string): void {
    addBounded(this.keys, key, ASKED_KEYS);
  }

  /** Whether the page was asked for before, forgetting it then; noting it otherwise. */
  askedBefore(key: string): boolean {
    if (this.keys.delete(key)) return true;
    this.note(key);
    return false;
  }
}

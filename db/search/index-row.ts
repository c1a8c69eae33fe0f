// What the in-memory index of the public catalogue (catalogue-index.ts) is built from and what it answers.
import type { AdWindow } from '#shared/available-now.ts';

/** One published ad as the index reads it (db/queries/search-index-rows.ts). */
export interface IndexRow {
  id: number;
  category: string;
  barrio: string | null;
  pricePerHour: number | null;
  searchRank: number;
  publishedAt: number;
  photosVerified: boolean;
  plan: string;
  planExpiresAt: number | null;
  daysMask: number;
  slotsMask: number;
  is24h: boolean;
  openSchedule: boolean;
  languagesMask: number;
  servicesMask: number;
  attentionMask: number;
  /** The advertiser's, 'YYYY-MM-DD'. */
  birthDate: string | null;
  advertiserVerified: boolean;
  searchText: string;
  /**
   * The ad's words as the database's own text search cut them, where that is not wordsOf's cut: PostgreSQL's lexemes
   * (its parser keeps e-mail addresses, hosts and decimals whole: "ana@mail.com", "5.000"). Absent on SQLite, whose
   * FTS5 (unicode61) cuts as wordsOf does.
   */
  words?: string[];
  /**
   * Its "Disponible ahora" and "Hoy no atiendo" windows not ended when the rows were read (docs/decisions/032): kept
   * with their times, not as a flag, since they end by the clock while the index lives.
   */
  windows?: IndexWindow[];
}

export type IndexWindow = AdWindow;

/** What the index finds: the total and the ids of the page, in order (the last page when the one asked is past it). */
export interface IndexAnswer {
  total: number;
  page: number;
  pages: number;
  ids: number[];
}

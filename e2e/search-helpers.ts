// Helpers of the search screen's tests (search.spec.ts, search-pages.spec.ts).
import type { Page } from '@playwright/test';
import type { Knex } from 'knex';
import { expectCountMatchesUrl, expectQueryParam, expectSameDocument, expectedSearch } from './fixtures.ts';

export const textBox = (page: Page) => page.getByRole('searchbox', { name: 'Buscar' });

/** Total of the unfiltered search (all public ads). */
export async function allAds(db: Knex): Promise<number> {
  return (await expectedSearch(db, '')).total;
}

/** Selects `value` in the select labelled `label`, waits for the URL and checks the count; returns it. */
export async function selectFilter(page: Page, db: Knex, label: string, param: string, value: string): Promise<number> {
  await page.getByLabel(label, { exact: true }).selectOption(value);
  await expectQueryParam(page, param, value === '' ? null : value);
  const total = await expectCountMatchesUrl(page, db);
  await expectSameDocument(page);
  return total;
}

import { describe, expect, it } from 'vitest';
import { parseSearchParams } from '#shared/search-filters.ts';
import { searchFormHtml } from './search-form-html.ts';

const formOf = (query: string) => searchFormHtml(parseSearchParams(new URLSearchParams(query))).text;
const selected = (html: string) => [...html.matchAll(/<option value="([^"]*)" selected>/g)].map((m) => m[1]);
const checked = (html: string) => [...html.matchAll(/value="([^"]*)" checked>/g)].map((m) => m[1]);

describe('the search form', () => {
  it('shows no search: every select on its first choice, no box checked, the advanced filters closed', () => {
    const form = formOf('');
    expect(selected(form)).toEqual(['', '', '', 'relevancia', '', '']);
    expect(checked(form)).toEqual([]);
    expect(form).toContain('<details class="filters__advanced"><summary data-advanced-summary>Filtros avanzados</summary>');
  });

  it('shows the search it answers: the values chosen, the boxes checked, the advanced filters open and counted', () => {
    const form = formOf('categoria=masajes&zona=palermo&orden=recientes&precio=5000-10000&idioma=ingles&idioma=frances&atencion=parejas');
    expect(selected(form)).toEqual(['masajes', 'palermo', '', 'recientes', '5000-10000', '']);
    expect(checked(form)).toEqual(['ingles', 'frances', 'parejas']);
    expect(form).toContain('<details class="filters__advanced" open><summary data-advanced-summary>Filtros avanzados (4)</summary>');
  });

  it('shows each search its own choices, though the parts of earlier ones are kept', () => {
    const first = formOf('categoria=masajes&idioma=ingles');
    expect(selected(formOf('categoria=trans&idioma=frances'))[0]).toBe('trans');
    expect(checked(formOf('categoria=trans&idioma=frances'))).toEqual(['frances']);
    expect(formOf('categoria=masajes&idioma=ingles')).toBe(first);
    expect(checked(formOf(''))).toEqual([]);
  });

  it('selects a whole zone under its own group', () => {
    expect(formOf('zona=norte')).toContain('<optgroup label="Zona Norte"><option value="norte" selected>Toda la zona Norte</option>');
  });

  it('keeps the text searched as text', () => {
    const form = formOf(`q=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(form).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(form).not.toContain('<script');
  });

  it('labels every field for assistive technology', () => {
    const form = formOf('');
    const ids = [...form.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    const labelled = [...form.matchAll(/<label for="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids)).toEqual(new Set(labelled));
    expect(ids.length).toBe(new Set(ids).size);
  });
});

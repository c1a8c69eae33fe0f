import { describe, expect, it } from 'vitest';
import { escapeHtml, flag, html } from './html.ts';

describe('html', () => {
  it('escapes every character that markup and XML reserve', () => {
    expect(escapeHtml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&#39;');
  });

  it('escapes what is put into it, in content and in attributes', () => {
    const text = '"><script>alert(1)</script>';
    expect(html`<input value="${text}"><p>${text}</p>`.text).toBe(
      '<input value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"><p>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });

  it('keeps its own markup as is, in lists too, and writes nothing for false, null and undefined', () => {
    const items = ['a<b', 'c'].map((x) => html`<li>${x}</li>`);
    expect(html`<ul>${items}</ul>${false}${null}${undefined}${0}`.text).toBe('<ul><li>a&lt;b</li><li>c</li></ul>0');
  });

  it('never takes a string for markup, even one that looks like Html', () => {
    const lookalike = { text: '<b>x</b>' } as unknown as string;
    expect(html`${lookalike}`.text).toBe('[object Object]');
    expect(html`${html`<b>x</b>`}`.text).toBe('<b>x</b>');
  });

  it('writes a boolean attribute only when it is on', () => {
    expect(html`<option${flag('selected', true)}>`.text).toBe('<option selected>');
    expect(html`<option${flag('selected', false)}>`.text).toBe('<option>');
  });
});

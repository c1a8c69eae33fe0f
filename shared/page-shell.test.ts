import { describe, expect, it } from 'vitest';
import { html } from './html.ts';
import { PageShell, markupMarker, textMarker, type ShellValues } from './page-shell.ts';

const page = (parts: { title: string; attribute: string; body: string }) =>
  `<!doctype html><html><head><title>${parts.title} | Velada</title><meta name="description" content="Buscá ${parts.attribute}"></head>` +
  `<body><h1>${parts.title}</h1>${parts.body}</body></html>`;

describe('a page shell', () => {
  const shell = PageShell.parse(
    page({ title: textMarker('heading'), attribute: textMarker('heading'), body: markupMarker('results').text }),
  );
  const fill = (values: ShellValues) => new TextDecoder().decode(shell.fill(values));

  it('escapes text as Astro escapes text, and attribute values as Astro escapes them (& and " only)', () => {
    const heading = `"Masajes" & <más> 'aquí'`;
    expect(fill({ heading, results: html`<p>${'ok'}</p>` })).toBe(
      page({
        title: '&quot;Masajes&quot; &amp; &lt;más&gt; &#39;aquí&#39;',
        attribute: "&quot;Masajes&quot; &amp; <más> 'aquí'",
        body: '<p>ok</p>',
      }),
    );
  });

  it('puts markup made by html in as is, and never takes a string for markup', () => {
    const filled = fill({ heading: 'x', results: '<script>alert(1)</script>' });
    expect(filled).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(filled).not.toContain('<script>');
  });

  it('refuses markup inside an attribute, a missing part, and a part inside a script or a style', () => {
    expect(() => fill({ heading: html`<b>x</b>`, results: html`` })).toThrow(/attribute/);
    expect(() => fill({ heading: 'x' })).toThrow(/results/);
    expect(() => PageShell.parse(`<script>const a = "${textMarker('heading')}";</script>`)).toThrow(/script/);
    expect(() => PageShell.parse(`<style>.a::after { content: "${textMarker('heading')}"; }</style>`)).toThrow(/style/);
    expect(() => PageShell.parse(`<script></script><p>${textMarker('heading')}</p>`)).not.toThrow();
  });

  it('gives each fill a page of its own, of any size, in UTF-8', () => {
    const first = shell.fill({ heading: 'Año 🌙', results: html`<p>${'ñ'.repeat(10)}</p>` });
    // Larger than the buffer fills are written in: it grows, and the first page stays what it was.
    const long = 'é'.repeat(100_000);
    expect(fill({ heading: 'x', results: html`<p>${long}</p>` })).toBe(page({ title: 'x', attribute: 'x', body: `<p>${long}</p>` }));
    expect(new TextDecoder().decode(first)).toBe(page({ title: 'Año 🌙', attribute: 'Año 🌙', body: `<p>${'ñ'.repeat(10)}</p>` }));
  });

  it('writes a marker found in a value as text, never as a part', () => {
    expect(fill({ heading: textMarker('results'), results: html`` })).toContain(`<h1>${textMarker('results')}</h1>`);
  });
});

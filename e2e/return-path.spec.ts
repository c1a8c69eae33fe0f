// Sign-in's return path (audit finding 5): a `volver` that a browser could turn into another site's address
// ('/\t/evil.example' becomes '//evil.example'), or that is no header at all ('/\n/x'), gives way to the account.
import { test, expect } from './fixtures.ts';

test('a return path with a tab or a newline never reaches the page, and never fails it', async ({ request }) => {
  for (const volver of ['/%09/evil.example', '/%0a/x', '%2F%2Fevil.example', '/%5Cevil.example']) {
    const response = await request.get(`/ingresar?volver=${volver}`);
    expect(response.status(), volver).toBe(200);
    const html = await response.text();
    // The sign-in form's return path is the account (the age gate's form only keeps this page's own address).
    expect(html, volver).not.toMatch(/&quot;next&quot;:\[0,&quot;[^&]*evil/);
    expect(html, volver).toContain('&quot;next&quot;:[0,&quot;/mi-cuenta&quot;]');
  }
  const kept = await (await request.get('/ingresar?volver=%2Fpublicar-anuncio%3Fplan%3Dvip')).text();
  expect(kept).toContain('&quot;next&quot;:[0,&quot;/publicar-anuncio?plan=vip&quot;]');
});

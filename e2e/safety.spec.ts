// The footer's Seguridad and Soporte links made real: checking an ad code, and the contact form whose messages
// reach staff in the panel. Also the footer's link to consumer defence, which Argentine law asks of every page.
import { test, expect, asReturningVisitor, expectNoSeriousA11yViolations, waitForHydration } from './fixtures.ts';
import { openSection, signIn, SUPER_PASSWORD, toast } from './admin-helpers.ts';

test('every page links to the national consumer-defence complaints form; without operator settings no identity shows', async ({ page }) => {
  await asReturningVisitor(page);
  await page.setViewportSize({ width: 390, height: 844 });
  // A prerendered page and one rendered per request.
  for (const url of ['/terminos-condiciones', '/transparencia']) {
    await page.goto(url);
    const footer = page.getByRole('contentinfo');
    const link = footer.getByRole('link', { name: 'Defensa de las y los consumidores. Para reclamos ingrese aquí' });
    await expect(link, url).toHaveAttribute('href', 'https://www.argentina.gob.ar/produccion/defensadelconsumidor/formulario');
    await expect(link, url).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link, url).not.toHaveAttribute('target', /./);
    expect((await link.boundingBox())!.height, url).toBeGreaterThanOrEqual(44);
    // The end-to-end build has no PUBLIC_OPERATOR_* settings (their rendering is tested in shared/operator-identity.test.ts).
    await expect(footer.getByText(/Razón social|CUIT|Domicilio/), url).toHaveCount(0);
  }
  await expectNoSeriousA11yViolations(page);
});

test("Verificar anuncio: a live ad's code says verified; an unknown code warns of a possible scam", async ({ page, db }) => {
  await asReturningVisitor(page);
  const ad = await db('ads').where('state', 'published').orderBy('id', 'desc').first('id', 'title');
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Verificar anuncio' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verificar un anuncio' })).toBeVisible();
  await page.getByLabel('Código o enlace del aviso').fill(String(ad.id));
  await page.getByRole('button', { name: 'Verificar', exact: true }).click();
  await expect(page.getByRole('status')).toContainText(`Aviso verificado. El aviso ${ad.id}, «${ad.title}»`);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Ver el aviso' }).click();
  await expect(page.getByRole('heading', { level: 1, name: ad.title })).toBeVisible();

  await page.goto('/verificar-anuncio?codigo=9999999');
  await expect(page.getByRole('status')).toContainText('No encontramos un aviso publicado con ese código.');
  await expect(page.getByRole('link', { name: 'Denunciar una estafa' })).toHaveAttribute('href', '/denunciar?motivo=estafa');
});

test('Verificar anuncio: a WhatsApp link of a published ad names the ad without showing the number; an unknown number warns', async ({
  page,
  db,
}) => {
  await asReturningVisitor(page);
  const ad = await db('ads').where('state', 'published').whereNotNull('phone').orderBy('id', 'desc').first('id', 'title', 'phone');
  const digits = String(ad.phone).replace(/\D/g, '');
  await page.goto('/verificar-anuncio');
  await page.getByLabel('Teléfono o enlace de WhatsApp').fill(`https://wa.me/${digits}?text=Hola`);
  await page.getByRole('button', { name: 'Verificar teléfono' }).click();
  const answer = page.getByRole('status');
  await expect(answer).toContainText('Número verificado.');
  await expect(answer.getByRole('link', { name: `«${ad.title}»` })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(digits.slice(-8));
  await expectNoSeriousA11yViolations(page);

  // A number no published ad has, and text that holds no number.
  await page.getByLabel('Teléfono o enlace de WhatsApp').fill('11 2000-0000');
  await page.getByRole('button', { name: 'Verificar teléfono' }).click();
  await expect(page.getByRole('status')).toContainText('Ese número no está en ningún aviso publicado de Velada.');
  await expect(page.getByRole('status').getByRole('link', { name: 'Denunciar una estafa' })).toBeVisible();
  await page.getByLabel('Teléfono o enlace de WhatsApp').fill('hola');
  await page.getByRole('button', { name: 'Verificar teléfono' }).click();
  await expect(page.getByRole('status')).toContainText('No reconocemos ese número.');
});

test('Contacto: the form points out what is missing, sends, and staff read and mark the message answered', async ({ page, browser }) => {
  const visitorContext = await browser.newContext({ locale: 'es-AR' });
  const visitor = await visitorContext.newPage();
  await asReturningVisitor(visitor);
  await visitor.goto('/');
  await visitor.getByRole('contentinfo').getByRole('link', { name: 'Contacto' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Contacto' })).toBeVisible();
  await waitForHydration(visitor);
  await visitor.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(visitor.getByText('Escribí un email válido: es donde te vamos a responder.')).toBeVisible();
  await expect(visitor.getByLabel('Email')).toBeFocused();
  const email = `contacto.${Date.now()}@ejemplo.com`;
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByLabel('Tema').selectOption('pagos');
  await visitor.getByLabel('Mensaje').fill('Quiero saber cómo pagar el plan Premium por transferencia.');
  await expectNoSeriousA11yViolations(visitor);
  await visitor.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(visitor.getByRole('status')).toContainText(`Recibimos tu mensaje. Te respondemos a ${email}`);
  await visitorContext.close();

  await signIn(page, 'velada_admin', SUPER_PASSWORD);
  await openSection(page, 'Mensajes');
  const card = page.locator('.panel__ad').filter({ hasText: email });
  await expect(card).toContainText('Quiero saber cómo pagar el plan Premium por transferencia.');
  await expect(card.getByRole('heading', { name: 'Pagos y planes' })).toBeVisible();
  await card.getByRole('button', { name: /^Marcar como respondido/ }).click();
  await expect(toast(page, 'Mensaje marcado como respondido')).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.getByLabel('Estado').selectOption('answered');
  await expect(card).toContainText('Quiero saber cómo pagar el plan Premium por transferencia.');
  await expect(card.getByRole('button', { name: /^Marcar como respondido/ })).toHaveCount(0);
});

// Moderation as staff and visitors do it: the Anuncios queue, and a visitor's report that hides an ad at once.
// These tests change which ads are public, so they run on a server of their own (group 'moderation' of
// e2e/servers.ts): the search tests compare pages with the database and must not see ads come and go.
import { test, expect, asReturningVisitor, expectNoSeriousA11yViolations, waitForHydration } from './fixtures.ts';
import { expectEveryColumnInView, expectRowsAsCards, exportCsv, openSection, signIn, SUPER_PASSWORD, toast } from './admin-helpers.ts';
import { insertAd, insertAdvertiser, insertVerificationRequest } from '#tooling/factories/index.ts';
import { adPath } from '#shared/ad-text.ts';
import { buenosAiresDate, shiftDate } from '#shared/dates.ts';

test.describe.configure({ mode: 'serial' });

test("Anuncios: the queue shows red flags; approve a verified advertiser's ad, reject another with a reason, remove a live one", async ({
  page,
  db,
  baseURL,
}) => {
  const now = new Date();
  const [advertiser] = await db('advertisers')
    .insert({
      email: `moderada.${Date.now()}@ejemplo.com`,
      full_name: 'Mora Moderada',
      verification_status: 'verified',
      created_at: now,
      updated_at: now,
    })
    .returning('id');
  const advertiserId = typeof advertiser === 'object' ? advertiser.id : advertiser;
  const ad = (title: string, state: string, flags?: unknown) => ({
    advertiser_id: advertiserId,
    slug: 'aviso-moderado',
    title,
    description: 'Una descripción neutral para la revisión del equipo de Velada.',
    category: 'masajes',
    zona: 'caba',
    barrio: 'caballito',
    state,
    plan: 'gratuito',
    requested_plan: 'gratuito',
    review_flags: flags ? JSON.stringify(flags) : null,
    submitted_at: now,
    created_at: now,
    updated_at: now,
  });
  const insert = async (row: Record<string, unknown>) => {
    const [r] = await db('ads').insert(row).returning('id');
    return typeof r === 'object' ? r.id : r;
  };
  const toApprove = await insert(ad('Moderación: aviso correcto', 'pending'));
  await insert(ad('Moderación: aviso con alerta', 'pending', [{ kind: 'posible_menor', match: 'colegiala' }]));
  const toRemove = await insert(ad('Moderación: aviso publicado', 'published'));

  await signIn(page, 'velada_admin', SUPER_PASSWORD);
  await openSection(page, 'Anuncios');
  const card = (title: string) => page.locator('.panel__ad').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card('Moderación: aviso con alerta').getByRole('list', { name: 'Alertas de la revisión automática' })).toHaveText(
    'Posible menor de edad: «colegiala»',
  );
  await expectNoSeriousA11yViolations(page);

  await card('Moderación: aviso correcto')
    .getByRole('button', { name: /^Aprobar/ })
    .click();
  await expect(toast(page, 'Anuncio aprobado')).toBeVisible();
  await expect(card('Moderación: aviso correcto')).toHaveCount(0);
  // Live for visitors at once.
  expect((await fetch(new URL(adPath({ id: toApprove, slug: 'aviso-moderado' }), baseURL))).status).toBe(200);

  await card('Moderación: aviso con alerta')
    .getByRole('button', { name: /^Rechazar/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Rechazar el anuncio' });
  await dialog.getByRole('button', { name: 'Rechazar' }).click();
  await expect(dialog.getByText('Escribí el motivo: el anunciante lo va a ver.')).toBeVisible();
  await dialog.getByLabel('Motivo (lo ve el anunciante)').fill('El texto sugiere una persona menor de edad.');
  await dialog.getByRole('button', { name: 'Rechazar' }).click();
  await expect(toast(page, 'Anuncio rechazado')).toBeVisible();
  await page.getByLabel('Estado').selectOption('rejected');
  await expect(card('Moderación: aviso con alerta')).toContainText('Motivo: El texto sugiere una persona menor de edad.');

  await page.getByLabel('Estado').selectOption('published');
  await card('Moderación: aviso publicado')
    .getByRole('button', { name: /^Dar de baja/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Dar de baja el anuncio' })
    .getByLabel('Motivo (lo ve el anunciante)')
    .fill('Denuncia confirmada por el equipo.');
  await page.getByRole('dialog', { name: 'Dar de baja el anuncio' }).getByRole('button', { name: 'Dar de baja' }).click();
  await expect(toast(page, 'Anuncio dado de baja')).toBeVisible();
  expect((await fetch(new URL(adPath({ id: toRemove, slug: 'aviso-moderado' }), baseURL))).status).toBe(404);
  await page.getByLabel('Estado').selectOption('removed');
  await expect(card('Moderación: aviso publicado')).toContainText('Motivo: Denuncia confirmada por el equipo.');

  // 'Exportar' takes the rows on screen: the published ones.
  await page.getByLabel('Estado').selectOption('published');
  await expect(card('Moderación: aviso correcto')).toBeVisible();
  const csv = await exportCsv(page);
  expect(csv.rows[0]).toEqual([
    'Título',
    'Categoría',
    'Barrio',
    'Anunciante',
    'Verificación',
    'Estado',
    'Tarifas',
    'Alertas',
    'Denuncias abiertas',
    'Motivo',
    'Enviado',
  ]);
  expect(csv.rows.slice(1).every((r) => r[5] === 'Publicados')).toBe(true);
});

test("the review of a pending ad shows its phone, schedule, the advertiser's age and its rates, on a computer and a phone", async ({
  page,
  db,
}) => {
  // Birthdays that were yesterday: the same ages whatever day the test runs.
  const bornYearsAgo = (years: number) => shiftDate(buenosAiresDate(new Date()), -years, -1);
  const title = 'Revisión: masajes con turno previo en Caballito';
  const verified = await insertAdvertiser(db, { fullName: 'Vera Verificada', verificationStatus: 'verified', birthDate: bornYearsAgo(34) });
  const adId = await insertAd(db, verified, {
    title,
    state: 'pending',
    barrio: 'caballito',
    phone: '+5491155550188',
    days: ['lunes-viernes', 'fines-semana'],
    slots: ['tarde', 'nocturno'],
    openSchedule: true,
    services: ['presencial', 'hotel'],
    rates: { propio: { '1h': 20000, '2h': 36000 }, hotel: { '1h': 25000, noche: 90000 } },
  });
  // An advertiser whose verification waits: the age stated in the request, marked as not verified yet.
  const waiting = await insertAdvertiser(db, { fullName: 'Dana Declarada', verificationStatus: 'pending' });
  await db('advertisers').where('id', waiting).update({ birth_date: null });
  await insertVerificationRequest(db, waiting, { fullName: 'Dana Declarada', birthDate: bornYearsAgo(23), documents: ['selfie'] });
  const statedTitle = 'Revisión: compañía las 24 horas';
  const stated = await insertAd(db, waiting, { title: statedTitle, state: 'pending', phone: null, days: [], slots: [], is24h: true });
  await db('ads').whereIn('id', [adId, stated]).update({ submitted_at: new Date(), published_at: null });

  await signIn(page, 'velada_admin', SUPER_PASSWORD);
  await openSection(page, 'Anuncios');
  const card = page.locator('.panel__ad').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.getByRole('term')).toHaveText(['Teléfono', 'Edad', 'Disponibilidad']);
  await expect(card.getByRole('definition')).toHaveText([
    '011 15-5555-0188',
    '34 años',
    'Lunes a viernes · Fines de semana · Tarde (12-18) · Nocturno (18-24) · Agenda abierta',
  ]);
  const rates = card.getByRole('table', { name: `Tarifas de «${title}»` });
  await expect(rates.getByRole('columnheader')).toHaveText(['1 hora', '2 horas', 'Noche']);
  await expect(rates.getByRole('rowheader')).toHaveText(['Lugar propio', 'Hotel']);
  await expect(rates.getByRole('row').filter({ hasText: 'Hotel' })).toContainText('$ 90.000');
  const statedCard = page.locator('.panel__ad').filter({ has: page.getByRole('heading', { name: statedTitle }) });
  await expect(statedCard.getByRole('definition')).toHaveText(['No publica teléfono', '23 años (declarada, sin verificar)', '24 horas']);

  // The rates in view on a computer, and as cards (each amount under its duration) on a phone.
  await expectEveryColumnInView(page, `Tarifas de «${title}»`);
  await expectNoSeriousA11yViolations(page);
  await expectRowsAsCards(page, `Tarifas de «${title}»`);
  await expect(card.getByRole('definition').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a visitor reports an ad as a possible minor: it leaves search and its page at once; staff dismiss and it returns', async ({
  page,
  browser,
  db,
}) => {
  const ad = await db('ads').where('state', 'published').orderBy('id').first('id', 'title', 'slug');
  const adPath = `/anuncio/${ad.slug}-${ad.id}`;
  const visitor = await browser.newContext({ locale: 'es-AR' });
  const visit = await visitor.newPage();
  await asReturningVisitor(visit);
  await visit.goto(adPath);
  await visit.getByRole('link', { name: 'Denunciar este aviso' }).click();
  await expect(visit).toHaveURL(new RegExp(`/denunciar\\?anuncio=${ad.id}$`));
  await waitForHydration(visit);
  await expect(visit.getByRole('heading', { name: 'Línea 145' })).toBeVisible();
  await expect(visit.getByText(`Aviso: ${ad.title} (código ${ad.id})`)).toBeVisible();
  await visit.getByRole('button', { name: 'Enviar denuncia' }).click();
  await expect(visit.getByText('Elegí el motivo de la denuncia.')).toBeVisible();
  await expectNoSeriousA11yViolations(visit);
  await visit.getByLabel('Posible menor de edad').check();
  await visit.getByLabel('Detalles (opcional)').fill('En las fotos parece muy joven.');
  await visit.getByRole('button', { name: 'Enviar denuncia' }).click();
  await expect(visit.getByRole('status')).toContainText('Ocultamos el aviso mientras el equipo de Velada la revisa.');

  // Gone at once: its page and the search.
  expect((await visit.goto(adPath))?.status()).toBe(404);
  await visit.goto(`/buscar?q=${encodeURIComponent(ad.title)}`);
  await expect(visit.locator('#search-results').getByRole('link', { name: ad.title, exact: true })).toHaveCount(0);

  // The footer's 'Denunciar estafas' opens the form with that reason chosen.
  await visit.goto('/');
  await visit.getByRole('contentinfo').getByRole('link', { name: 'Denunciar estafas' }).click();
  await expect(visit).toHaveURL(/\/denunciar\?motivo=estafa$/);
  await waitForHydration(visit);
  await expect(visit.getByLabel('Estafa')).toBeChecked();
  await visitor.close();

  // Staff are alerted above every section; they see the report with what was reported, and dismiss it: the ad is
  // public again.
  await signIn(page, 'velada_admin', SUPER_PASSWORD);
  const alert = page.getByRole('listitem').filter({ hasText: `(código ${ad.id}) quedó oculto` });
  await expect(alert).toContainText('Denuncia urgente');
  await alert.getByRole('button', { name: /^Marcar como vista/ }).click();
  await expect(alert).toHaveCount(0);
  await openSection(page, 'Denuncias');
  const row = page.getByRole('row').filter({ hasText: ad.title });
  await expect(row).toContainText('Posible menor de edad');
  await expect(row).toContainText('oculto por denuncia');
  await expect(row).toContainText('Anunciante:');
  await expectNoSeriousA11yViolations(page);
  const csv = await exportCsv(page);
  expect(csv.rows.some((r) => r[1] === ad.title && r[3] === 'Posible menor de edad')).toBe(true);
  await row.getByRole('button', { name: /^Desestimar/ }).click();
  await expect(toast(page, 'Denuncia desestimada')).toBeVisible();
  // Back in search and on its page.
  expect((await page.goto(adPath))?.status()).toBe(200);
});

test('the whole journey: an ad waiting for review goes live once staff verify its advertiser and approve it, is found in search with its filters, then reported and gone', async ({
  page,
  browser,
  db,
}) => {
  // As the publish flow leaves them (e2e/publish.spec.ts walks it): an advertiser whose RENAPER check waits for
  // staff, and their ad waiting for review.
  const fullName = 'Renata Publica';
  const advertiserId = await insertAdvertiser(db, { fullName, dni: '38112345', verificationStatus: 'pending' });
  await insertVerificationRequest(db, advertiserId, { method: 'renaper', fullName, dni: '38112345', documents: ['selfie'] });
  const adId = await insertAd(db, advertiserId, { title: 'Renata, masajes con piedras calientes', barrio: 'almagro', state: 'pending' });
  await db('ads').where('id', adId).update({ submitted_at: new Date(), published_at: null });
  const advertiser = { full_name: fullName };

  await signIn(page, 'velada_admin', SUPER_PASSWORD);
  // The ad cannot go live before its advertiser is verified.
  await openSection(page, 'Anuncios');
  const card = page.locator('.panel__ad').filter({ hasText: 'Renata, masajes con piedras calientes' });
  await expect(card.getByRole('button', { name: /^Aprobar/ })).toBeDisabled();
  await expect(card).toContainText('Se puede aprobar cuando se apruebe la verificación del anunciante.');

  await openSection(page, 'Suscriptores');
  await page.getByLabel('Buscar por nombre, email o últimos dígitos del DNI').fill('Renata Publica');
  // The list shows the DNI masked; the review, where staff compare it with the documents, in full.
  const row = page.getByRole('row').filter({ hasText: 'Renata Publica' });
  await expect(row).toContainText('•••••345');
  await expect(row).not.toContainText('38112345');
  await page.getByRole('button', { name: `Revisar a ${advertiser.full_name}` }).click();
  const review = page.getByRole('dialog', { name: `Verificación de ${advertiser.full_name}` });
  await expect(review).toContainText('38112345');
  await review.getByRole('button', { name: 'Aprobar verificación' }).click();
  await expect(toast(page, 'Verificación aprobada')).toBeVisible();

  await openSection(page, 'Anuncios');
  await card.getByRole('button', { name: /^Aprobar/ }).click();
  await expect(toast(page, 'Anuncio aprobado')).toBeVisible();

  // A visitor finds it with its filters, and opens it.
  const visitorContext = await browser.newContext({ locale: 'es-AR' });
  const visitor = await visitorContext.newPage();
  await asReturningVisitor(visitor);
  // Its category, its barrio and a word of its title: few enough results that the day's rotation of the order can
  // never push it to a second page (with `barrio=`, the hero's text parameter, the barrio was no filter at all).
  const search = '/buscar?categoria=masajes&zona=almagro&q=piedras';
  await visitor.goto(search);
  const result = visitor
    .locator('#search-results')
    .getByRole('link', { name: /Renata, masajes con piedras calientes/ })
    .first();
  await expect(result).toBeVisible();
  await result.click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Renata, masajes con piedras calientes' })).toBeVisible();
  await expect(visitor.locator('.ad__details')).toContainText('Almagro');

  // Reported as a possible minor: gone from search at once.
  await visitor.getByRole('link', { name: 'Denunciar este aviso' }).click();
  await expect(visitor).toHaveURL(/\/denunciar\?anuncio=/);
  await waitForHydration(visitor);
  await visitor.getByLabel('Posible menor de edad').check();
  await visitor.getByRole('button', { name: 'Enviar denuncia' }).click();
  await expect(visitor.getByRole('status')).toContainText('Ocultamos el aviso');
  await visitor.goto(search);
  await expect(visitor.locator('#search-results').getByRole('link', { name: /Renata, masajes con piedras calientes/ })).toHaveCount(0);
  await visitorContext.close();
});

// Reports handled fast and fairly (decision 044), in the browser: a visitor's report of a possible minor hides an
// ad; its advertiser sees it held in /mi-cuenta and answers; staff see the answer and the report's age (overdue:
// "Demorada", and the badge in the menu), the steps to take it to the authorities, and preserve it, then download
// the preserved package.
import fs from 'node:fs';
import {
  test,
  expect,
  asReturningVisitor,
  expectNoSeriousA11yViolations,
  insertVerifiedAdvertiser,
  linksFromLatestMail,
  signInAsAdvertiser,
  waitForHydration,
  serverDataDir,
} from './fixtures.ts';
import { openSection, signIn, SUPER_PASSWORD, toast } from './admin-helpers.ts';
import { createRandom, demoPicture, insertAd, insertAdPhoto } from '#tooling/factories/index.ts';
import { storeAdImage } from '#api/services/image-store.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import type { PreservedPackage } from '#shared/contracts/staff/reports.ts';

const TITLE = 'Masajes con aromaterapia en Caballito';
const ANSWER = 'Tengo 31 años y mi identidad está verificada en Velada. Puedo mostrar mi documento si hace falta.';

test('a hiding report: the advertiser sees the ad held and answers; staff see the answer and the age, and preserve it', async ({
  page,
  browser,
  db,
}) => {
  const owner = await insertVerifiedAdvertiser(db, { fullName: 'Lucía Prueba', birthDate: '1994-03-11' });
  const adId = await insertAd(db, owner.id, { title: TITLE, category: 'masajes', barrio: 'caballito' });
  const photo = await storeAdImage(diskStore(serverDataDir()), await demoPicture(createRandom(44)));
  await insertAdPhoto(db, adId, { fileKey: photo.key, width: photo.width, height: photo.height, alt: 'foto' });

  // A visitor reports it as a possible minor: hidden at once.
  const visitorContext = await browser.newContext({ locale: 'es-AR' });
  const visitor = await visitorContext.newPage();
  await asReturningVisitor(visitor);
  await visitor.goto(`/denunciar?anuncio=${adId}`);
  await waitForHydration(visitor);
  await visitor.getByLabel('Posible menor de edad').check();
  await visitor.getByLabel('Detalles (opcional)').fill('En las fotos parece muy joven.');
  await visitor.getByRole('button', { name: 'Enviar denuncia' }).click();
  await expect(visitor.getByRole('status')).toContainText('Ocultamos el aviso');
  await visitorContext.close();

  // The held mail leads to the review page.
  const links = await linksFromLatestMail(owner.email);
  expect(links[0]).toBe(`/mi-cuenta/anuncios/${adId}/revision`);

  // The advertiser sees it held in the account, opens the review and answers; never who reported nor what they wrote.
  await signInAsAdvertiser(page, owner);
  const item = page.getByRole('listitem').filter({ hasText: TITLE });
  await expect(item).toContainText('Oculto por una denuncia en revisión');
  await item.getByRole('link', { name: /^Ver la revisión y responder/ }).click();
  await expect(page).toHaveURL(`/mi-cuenta/anuncios/${adId}/revision`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: `Revisión de «${TITLE}»` })).toBeVisible();
  const main = page.locator('main');
  await expect(main).toContainText('Oculto por una denuncia en revisión');
  await expect(main).toContainText('dudas sobre la edad de la persona que aparece en el anuncio');
  await expect(main).not.toContainText('parece muy joven');
  await page.getByRole('button', { name: 'Responder' }).click();
  await expect(page.getByText('Contanos un poco más')).toBeVisible();
  await expect(page.getByLabel('Tu respuesta')).toBeFocused();
  await page.getByLabel('Tu respuesta').fill(ANSWER);
  await page.getByRole('button', { name: 'Responder' }).click();
  await expect(page.getByRole('status')).toContainText('Enviamos tu respuesta al equipo');
  await expect(page.getByRole('heading', { name: 'Lo que respondiste' })).toBeVisible();
  await expect(main).toContainText(ANSWER);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('revision-anunciante.png'), fullPage: true });

  // A day passes without a decision.
  const report = await db('reports').where({ ad_id: adId, status: 'open' }).first('id');
  await db('reports')
    .where('id', report.id)
    .update({ created_at: new Date(Date.now() - 26 * 3_600_000) });

  // Staff: the menu counts the overdue report; the row shows its age, "Demorada", the answer and the steps.
  await page.context().clearCookies();
  await signIn(page, 'velada_admin', SUPER_PASSWORD);
  await expect(
    page
      .getByRole('navigation', { name: 'Secciones del panel' })
      .getByRole('button', { name: /^Denuncias\s*\d+ demoradas? más de 24 horas$/ }),
  ).toBeVisible();
  await openSection(page, 'Denuncias');
  const row = page.getByRole('row').filter({ hasText: TITLE });
  await expect(row).toContainText('hace 1 día');
  await expect(row).toContainText('Demorada');
  await expect(row).toContainText('Respuesta del anunciante');
  await expect(row).toContainText(ANSWER);
  // The steps, in the line under the report.
  const steps = page.locator('details').filter({ hasText: `denuncia ${report.id})` });
  await expect(steps).toHaveAttribute('open', '');
  await expect(steps).toContainText('PROTEX');
  await expect(steps).toContainText('Línea 145');
  await expect(steps).toContainText('Preservá la evidencia');
  await expectNoSeriousA11yViolations(page);

  await row.getByRole('button', { name: /^Preservar para las autoridades/ }).click();
  await expect(toast(page, 'Denuncia preservada para las autoridades')).toBeVisible();
  await expect(row).toContainText('Preservada');
  await expect(row.getByRole('button', { name: /^Preservar para las autoridades/ })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('denuncias-panel.png'), fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: /^Descargar lo preservado/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`velada-denuncia-${report.id}-preservada.json`);
  const pack = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as PreservedPackage;
  expect(pack.adAtPreservation).toMatchObject({ id: adId, title: TITLE });
  expect(pack.advertiserAtPreservation).toMatchObject({ id: owner.id, email: owner.email });
  expect(pack.photosAtPreservation).toEqual([`/media/ads/${photo.key}-800.webp`]);
  expect(pack.answers.map((a) => a.body)).toEqual([ANSWER]);

  // Upheld: the ad stays hidden, the report leaves the open list and stays preserved.
  await row.getByRole('button', { name: /^Resolver/ }).click();
  await expect(toast(page, 'Denuncia resuelta')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: TITLE })).toHaveCount(0);

  // Registro de actividad: the preservation and the decision, each once, named.
  await openSection(page, 'Registro de actividad');
  const logged = page
    .getByRole('table')
    .locator('tbody tr')
    .filter({ hasText: `Denuncia #${report.id}` });
  await expect(logged.filter({ hasText: 'Denuncia preservada para las autoridades' })).toHaveCount(1);
  await expect(logged.filter({ hasText: 'Preservación descargada' })).toHaveCount(1);
  await expect(logged.filter({ hasText: 'Denuncia resuelta' })).toHaveCount(1);
});

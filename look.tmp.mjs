import { chromium } from 'playwright';
const base = 'http://localhost:4455';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const shot = async (path, width, name, full = true) => {
  const page = await browser.newPage({ viewport: { width, height: width < 500 ? 844 : 800 } });
  await page.addInitScript(() => { localStorage.setItem('ageVerified', 'true'); localStorage.setItem('cookieConsent', 'rejected'); });
  await page.goto(base + path);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/look/${name}-${width}.png`, fullPage: full });
  await page.close();
};
for (const w of [390, 1280]) {
  await shot('/transparencia', w, 'transparencia');
  await shot('/arrepentimiento', w, 'arrepentimiento');
  await shot('/baja', w, 'baja');
  await shot('/aumentar-visibilidad', w, 'planes');
}
// Staff: Pagos
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(base + '/admin/login');
await page.getByLabel('Usuario').fill('velada_admin');
await page.getByLabel('Contraseña', { exact: true }).fill(process.env.ADMIN_PASSWORD);
await page.getByRole('button', { name: /Acceder/ }).click();
await page.waitForTimeout(2000);
await page.goto(base + '/admin/pagos').catch(() => {});
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/look/pagos-1280.png', fullPage: true });
console.log(page.url());
await browser.close();

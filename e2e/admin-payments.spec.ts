// The panel's payments and staff accounts: Pagos (processing into a destination account, once; the CSV export),
// Cuentas bancarias and Administradores. Runs in the 'panel' project, after the site's tests: processing changes
// the figures that admin.spec.ts compares with the database.
import { test, expect, expectNoSeriousA11yViolations } from './fixtures.ts';
import { expectEveryColumnInView, expectRowsAsCards, exportCsv, openSection, signIn, SUPER_PASSWORD, toast } from './admin-helpers.ts';
import { verifyPassword } from '#api/services/passwords.ts';
import { cbuFrom } from '#shared/cbu.ts';

test.describe.configure({ mode: 'serial' });
test('Pagos: processing needs a destination account, completes the payment once, and exports the visible rows', async ({ page, db }) => {
  await signIn(page, 'velada_admin', SUPER_PASSWORD);
  await openSection(page, 'Pagos');
  const rows = page.getByRole('table', { name: 'Pagos', exact: true }).locator('tbody tr');
  await expect(rows).toHaveCount(Number((await db('payments').count({ n: '*' }).first())?.n));
  // Every column in view on a computer; on a phone each payment is a card with all its values, not a tall row of two.
  await expectEveryColumnInView(page, 'Tabla de pagos');
  await expectRowsAsCards(page, 'Tabla de pagos');
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('Estado').selectOption('pending');
  const pending = await db('payments')
    .where('status', 'pending')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .select('id', 'reference', 'amount');
  await expect(rows).toHaveCount(pending.length);

  const csv = await exportCsv(page);
  expect(csv.bom).toBe(true);
  expect(csv.name).toMatch(/^velada-pagos-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.rows[0]).toEqual(['Fecha', 'Anunciante', 'Descripción', 'Referencia', 'Medio', 'Estado', 'Monto (ARS)', 'Cuenta de destino']);
  expect(csv.rows.slice(1).map((r) => r[3])).toEqual(pending.map((p) => p.reference));
  expect(csv.rows.slice(1).every((r) => r[5] === 'Pendiente')).toBe(true);

  const target = pending[0]!;
  await page.getByRole('button', { name: `Procesar el pago ${target.reference}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Procesar pago' });
  await expect(dialog).toBeVisible();
  const active = await db('bank_accounts').where('active', true).first();
  const account = dialog.getByLabel('Cuenta bancaria de destino');
  await expect(account).toHaveValue(String(active.id)); // the active account comes preselected
  await expectNoSeriousA11yViolations(page);
  await account.selectOption('');
  await dialog.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Seleccione una cuenta bancaria de destino');
  await expect(account).toBeFocused();
  await expect(rows).toHaveCount(pending.length);

  await account.selectOption(String(active.id));
  await dialog.getByLabel('Notas (opcional)').fill('Acreditado el mismo día');
  await dialog.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(toast(page, 'Pago procesado')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(pending.length - 1);
  expect(await db('payments').where('id', target.id).first()).toMatchObject({
    status: 'completed',
    bank_account_id: active.id,
    notes: 'Acreditado el mismo día',
  });

  // A failed call shows the error toast (the seed ignored it) and changes nothing on screen.
  const next = pending[1]!;
  await page.route('**/api/admin/payments/*/process', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'already_processed', message: 'Ese pago ya fue procesado.' } }),
    }),
  );
  await page.getByRole('button', { name: `Procesar el pago ${next.reference}` }).click();
  await dialog.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(toast(page, 'No se pudo procesar el pago')).toContainText('Ese pago ya fue procesado.');
  await page.unroute('**/api/admin/payments/*/process');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(pending.length - 1);
});

test('Cuentas bancarias: the add form follows the seed rules, refuses a wrong CBU, and one account is active', async ({ page, db }) => {
  await signIn(page, 'velada_admin', SUPER_PASSWORD);
  await openSection(page, 'Cuentas bancarias');
  const rows = page.getByRole('table').locator('tbody tr');
  const before = Number((await db('bank_accounts').count({ n: '*' }).first())?.n);
  await expect(rows).toHaveCount(before);
  const submit = page.getByRole('button', { name: 'Agregar cuenta' });
  await expect(submit).toBeDisabled();
  await expect(page.getByLabel('Tipo de cuenta')).toHaveValue('checking'); // Cuenta corriente by default
  await page.getByLabel('Banco', { exact: true }).fill('Banco de Prueba S.A.');
  await expect(submit).toBeDisabled();
  const cbu = cbuFrom('0170099', String(Date.now()).slice(-13).padStart(13, '4'));
  const wrong = cbu.slice(0, 21) + String((Number(cbu[21]) + 1) % 10);
  await page.getByLabel('CBU (22 dígitos)').fill(wrong);
  await expect(submit).toBeEnabled();
  await page.getByLabel('Titular').fill('Velada Prueba S.R.L.');
  await page.getByLabel('Número de cuenta').fill('123-456/7');
  await page.getByLabel('Alias (opcional)').fill('corto');
  await submit.click();
  await expect(page.getByText('El CBU no es válido: revisá los dígitos verificadores.')).toBeVisible();
  await expect(page.getByText('El alias debe tener entre 6 y 20 caracteres')).toBeVisible();
  await expect(page.getByLabel('CBU (22 dígitos)')).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  expect(Number((await db('bank_accounts').count({ n: '*' }).first())?.n)).toBe(before);

  await page.getByLabel('CBU (22 dígitos)').fill(cbu);
  await page.getByLabel('Alias (opcional)').fill('velada.prueba');
  await submit.click();
  await expect(toast(page, 'Cuenta agregada')).toBeVisible();
  await expect(rows).toHaveCount(before + 1);
  await expect(page.getByLabel('Banco', { exact: true })).toHaveValue('');
  const added = await db('bank_accounts').where('cbu', cbu).first();
  expect(added).toMatchObject({ bank_name: 'Banco de Prueba S.A.', alias: 'velada.prueba', account_type: 'checking' });

  const previous = await db('bank_accounts').where('active', true).first();
  await page.getByRole('button', { name: `Activar Banco de Prueba S.A. velada.prueba` }).click();
  await expect(toast(page, 'Cuenta activada')).toBeVisible();
  await expect(rows.filter({ hasText: 'Banco de Prueba S.A.' }).getByText('Activa', { exact: true })).toBeVisible();
  await expect(rows.getByText('Activa', { exact: true })).toHaveCount(1);

  const csv = await exportCsv(page);
  expect(csv.rows).toHaveLength(before + 2);
  expect(csv.rows.find((r) => r[3] === cbu)?.[6]).toBe('sí');

  // Refusals from the server show the seed's error toasts, and nothing changes.
  await page.route('**/api/admin/bank-accounts', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'forbidden', message: 'No tenés permiso para hacer esto.' } }),
        })
      : route.continue(),
  );
  await page.getByLabel('Banco', { exact: true }).fill('Banco Rechazado S.A.');
  await page.getByLabel('Titular').fill('Velada Prueba S.R.L.');
  await page.getByLabel('Número de cuenta').fill('999');
  await page.getByLabel('CBU (22 dígitos)').fill(cbuFrom('0150999', '1234567890123'));
  await submit.click();
  await expect(toast(page, 'Sin permisos')).toContainText('Solo el administrador principal puede agregar cuentas bancarias');
  await expect(page.getByLabel('Banco', { exact: true })).toHaveValue('Banco Rechazado S.A.');
  await page.route('**/api/admin/bank-accounts/*/activate', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'bank_account_not_found', message: 'La cuenta bancaria no existe.' } }),
    }),
  );
  await page.getByRole('button', { name: new RegExp(`^Activar ${previous.bank_name}`) }).click();
  await expect(toast(page, 'No se pudo activar la cuenta')).toContainText('La cuenta bancaria no existe.');
  await expect(rows.filter({ hasText: 'Banco de Prueba S.A.' }).getByText('Activa', { exact: true })).toBeVisible();
  await expect(rows.getByText('Activa', { exact: true })).toHaveCount(1);
  await page.unrouteAll();

  // The demo's account is the active one again, for the other tests.
  await page.getByRole('button', { name: new RegExp(`^Activar ${previous.bank_name}`) }).click();
  await expect(toast(page, 'Cuenta activada')).toBeVisible();
  await expect(rows.filter({ hasText: previous.alias }).getByText('Activa', { exact: true })).toBeVisible();
  await expect(rows.getByText('Activa', { exact: true })).toHaveCount(1);
});

test('Administradores: a new partner gets exactly the ticked permissions, can be disabled, and gets a new password', async ({
  page,
  db,
  browser,
}) => {
  await db('admin_users').where('username', 'cobranzas_e2e').delete();
  await signIn(page, 'velada_admin', SUPER_PASSWORD);
  await openSection(page, 'Administradores');
  await page.getByRole('button', { name: 'Crear socio' }).click();
  await expect(page.getByText('El usuario debe tener entre 3 y 32 caracteres')).toBeVisible();
  await expect(page.getByLabel('Usuario', { exact: true })).toBeFocused();

  await page.getByLabel('Usuario', { exact: true }).fill('cobranzas_e2e');
  await page.getByLabel('Nombre completo').fill('Cobranzas de Prueba');
  await page.getByRole('button', { name: 'Generar' }).click();
  const password = await page.getByLabel('Contraseña inicial').inputValue();
  expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
  const permissions = page.getByRole('group', { name: 'Permisos' });
  await expect(permissions.getByRole('checkbox')).toHaveCount(6);
  await permissions.getByLabel('Ver pagos').check();
  await permissions.getByLabel('Procesar pagos').check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Crear socio' }).click();
  await expect(toast(page, 'Administrador creado')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'se muestra una sola vez' })).toContainText(password);
  const created = await db('admin_users').where('username', 'cobranzas_e2e').first();
  expect(JSON.parse(created.permissions)).toEqual(['view_payments', 'process_payments']);
  await expect(page.getByRole('row', { name: /cobranzas_e2e/ })).toContainText('Ver pagos, Procesar pagos');

  // The partner sees the payment sections the permissions allow and nothing reserved to the super admin.
  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await signIn(partner, 'cobranzas_e2e', password);
  const menu = partner.getByRole('navigation', { name: 'Secciones del panel' });
  await expect(menu.getByRole('button')).toHaveText(['Resumen general', 'Pagos', 'Estadísticas de visitas', 'Configuración', 'Seguridad']);
  await openSection(partner, 'Pagos');
  await expect(partner.getByRole('button', { name: /^Procesar/ }).first()).toBeVisible();

  await page
    .getByRole('row', { name: /cobranzas_e2e/ })
    .getByRole('button', { name: 'Desactivar a cobranzas_e2e' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Desactivar administrador' });
  await confirm.getByRole('button', { name: 'Desactivar' }).click();
  await expect(toast(page, 'Administrador desactivado')).toBeVisible();
  await expect(page.getByRole('row', { name: /cobranzas_e2e/ })).toContainText('Desactivado');
  // Its open session ended: the next call sends it back to the login.
  await partner.getByRole('button', { name: 'Actualizar' }).click();
  await expect(partner).toHaveURL(/\/admin\/login$/);
  await partnerContext.close();

  await page.getByRole('button', { name: 'Activar a cobranzas_e2e' }).click();
  await expect(toast(page, 'Administrador activado')).toBeVisible();
  await page.getByRole('button', { name: 'Restablecer contraseña de cobranzas_e2e' }).click();
  await page.getByRole('dialog', { name: 'Restablecer contraseña' }).getByRole('button', { name: 'Restablecer' }).click();
  await expect(toast(page, 'Contraseña restablecida')).toBeVisible();
  const handover = page.getByRole('status').filter({ hasText: 'se muestra una sola vez' });
  const fresh = (await handover.locator('code').textContent())!;
  expect(fresh).not.toBe(password);
  expect(await verifyPassword(fresh, (await db('admin_users').where('id', created.id).first()).password_hash)).toBe(true);
  await handover.getByRole('button', { name: 'Listo' }).click();
  await expect(handover).toBeHidden();

  const csv = await exportCsv(page);
  expect(csv.rows[0]).toEqual(['Usuario', 'Nombre', 'Rol', 'Permisos', 'Estado', 'Alta']);
  expect(csv.rows.find((r) => r[0] === 'cobranzas_e2e')?.[3]).toBe('Ver pagos, Procesar pagos');
});

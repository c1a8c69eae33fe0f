// Passkeys and the second step in the browser (decision 069), with Chromium's virtual authenticator (CDP WebAuthn):
// a staff member sets up a passkey at the first sign-in and signs in with it; another sets up an authenticator app
// and signs in with a code computed here; an advertiser adds a passkey from Mi cuenta and then signs in with it
// alone, and sees her sessions. axe stays clean on each new screen.
import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Knex } from 'knex';
import { hashPassword } from '#api/services/passwords.ts';
import { totpCode, totpStep } from '#core/second-step/totp.ts';
import { expect, expectNoSeriousA11yViolations, insertVerifiedAdvertiser, signInAsAdvertiser, test, waitForHydration } from './fixtures.ts';
import { login, openLogin } from './admin-helpers.ts';

/** A platform authenticator that verifies the user at once, as a phone's screen lock would. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** A new partner with one permission: not one of STAFF_WITHOUT_SECOND_STEP, so a second step is required. */
async function newPartner(db: Knex): Promise<{ username: string; password: string }> {
  const username = `paso_${crypto.randomBytes(3).toString('hex')}`;
  const password = `clave-${crypto.randomUUID()}`;
  await db('admin_users').insert({
    username,
    full_name: 'Socia con segundo paso',
    password_hash: await hashPassword(password),
    is_master: false,
    permissions: JSON.stringify(['view_reports']),
    active: true,
    created_at: new Date(),
  });
  return { username, password };
}

/** The recovery codes screen: 10 codes, "Continuar" only once "Los guardé" is ticked. */
async function keepRecoveryCodes(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Tus códigos de recuperación' })).toBeVisible();
  await expect(page.locator('.recovery-codes li, .recovery-codes__list li')).toHaveCount(10);
  await expectNoSeriousA11yViolations(page);
  const proceed = page.getByRole('button', { name: 'Continuar' });
  await expect(proceed).toBeDisabled();
  await page.getByLabel('Los guardé en un lugar seguro').check();
  await proceed.click();
}

/** Leaves the panel (its open page would follow the ended session on its own) and forgets the session. */
async function signOutOfPanel(page: Page): Promise<void> {
  await page.goto('about:blank');
  await page.context().clearCookies({ name: 'velada_admin_sesion' });
  await openLogin(page);
}

test('a staff member sets up a passkey at the first sign-in, then signs in with it', async ({ page, db }) => {
  await addVirtualAuthenticator(page);
  const partner = await newPartner(db);
  await openLogin(page);
  await login(page, partner.username, partner.password, { setUp: false });
  await expect(page.getByRole('heading', { name: 'Protegé tu cuenta del panel' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // No panel before a factor: the dashboard sends back to the login.
  await page.getByRole('button', { name: 'Crear una passkey' }).click();
  await keepRecoveryCodes(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen general' })).toBeVisible();

  await signOutOfPanel(page);
  await login(page, partner.username, partner.password);
  await expect(page.getByRole('heading', { name: 'Confirmá que sos vos' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Usar una passkey' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const owner = await db('admin_users').where({ username: partner.username }).first();
  const passkeys = await db('passkeys').where({ owner_kind: 'staff', owner_id: owner.id });
  expect(passkeys).toHaveLength(1);
  expect(passkeys[0].last_used_at).not.toBeNull();
});

test('a staff member with an authenticator app signs in with a code computed from its secret', async ({ page, db }) => {
  const partner = await newPartner(db);
  await openLogin(page);
  await login(page, partner.username, partner.password, { setUp: false });
  await page.getByRole('button', { name: 'Usar una app de autenticación' }).click();
  await expect(page.locator('.totp-setup__qr svg[role="img"]')).toBeVisible();
  const secret = (await page.locator('.totp-setup__secret code').innerText()).replace(/\s/g, '');
  await expectNoSeriousA11yViolations(page);
  const codeField = page.getByLabel('Código de 6 dígitos');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await codeField.fill(totpCode(secret, totpStep(new Date())));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await keepRecoveryCodes(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // As if the code of the set-up were minutes old (a code is never accepted twice).
  const owner = await db('admin_users').where({ username: partner.username }).first();
  await db('totp_factors').where({ owner_kind: 'staff', owner_id: owner.id }).update({ last_step: 1 });
  await signOutOfPanel(page);
  await login(page, partner.username, partner.password);
  const code = page.getByLabel('Código de tu app de autenticación');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('El código no es correcto', { exact: false })).toBeVisible();
  await code.fill(totpCode(secret, totpStep(new Date())));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('an advertiser adds a passkey from Mi cuenta, signs in with it alone, and sees her sessions', async ({ page, db }) => {
  await addVirtualAuthenticator(page);
  const person = await insertVerifiedAdvertiser(db, { fullName: 'Luna Passkey' });
  await signInAsAdvertiser(page, person);
  const offer = page.getByRole('complementary', { name: 'Ingresar con passkey' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Crear passkey' }).click();
  await keepRecoveryCodes(page);
  const security = page.locator('#seguridad');
  await expect(security.getByText('Chrome en Linux')).not.toHaveCount(0);
  await expect(security.getByText('Esta sesión')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('about:blank');
  await page.context().clearCookies({ name: 'velada_sesion' });
  await page.goto('/ingresar');
  await waitForHydration(page);
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await page.getByRole('button', { name: 'Ingresar con passkey' }).click();
  await page.waitForURL((url) => url.pathname === '/mi-cuenta');
  await waitForHydration(page);
  await expect(page.locator('#seguridad').getByText('Esta sesión')).toBeVisible();
});

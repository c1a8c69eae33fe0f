// Staff accounts from the command line, on the configured database (DATABASE_URL / DATA_DIR):
//   npm run admin:create -- --username ana --full-name "Ana Pérez" --role partner --permissions view_subscribers,manage_verifications
//   npm run admin:reset-password -- --username velada_admin
//   npm run admin:reset-second-step -- --username velada_admin
// The password comes from ADMIN_NEW_PASSWORD, else it is asked for (hidden) on a terminal, else a random one
// is generated and printed once. Resetting also ends the account's sessions and lifts its login lock. Resetting the
// second step removes the account's passkeys, app and recovery codes and ends its sessions (audited): the way back in
// for a super admin who lost them, as the panel's reset is for a partner (decision 069).
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from '#api/config.ts';
import { migrate, openDb } from '#db/connection.ts';
import { ADMIN_PERMISSIONS, type AdminPermission } from '#shared/admin-permissions.ts';
import { createAdministratorAccount, resetAdministratorPassword } from '#api/services/administrator-accounts.ts';
import { randomPassword } from '#api/services/passwords.ts';
import { resetSecondStepFromConsole } from '#core/panel/administrators/administrators.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function askHidden(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (text: string) => void };
  let asked = false;
  output._writeToOutput = (text) => {
    if (!asked) {
      process.stdout.write(text);
      asked = true;
    }
  };
  const answer = await new Promise<string>((resolve) => rl.question(question, resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}

/** The new password and whether it must be shown (only when generated here). */
async function newPassword(): Promise<{ password: string; generated: boolean }> {
  const fromEnv = process.env.ADMIN_NEW_PASSWORD;
  if (fromEnv) return { password: fromEnv, generated: false };
  if (process.stdin.isTTY) {
    const password = await askHidden('Contraseña nueva (vacía para generar una): ');
    if (password) {
      if ((await askHidden('Repetila: ')) !== password) fail('Las contraseñas no coinciden.');
      return { password, generated: false };
    }
  }
  return { password: randomPassword(), generated: true };
}

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    username: { type: 'string' },
    'full-name': { type: 'string' },
    role: { type: 'string', default: 'partner' },
    permissions: { type: 'string', default: '' },
  },
});
const username = values.username?.trim().toLowerCase();
if (!username || !/^[a-z0-9_.]{3,32}$/.test(username)) fail('Indicá --username (3 a 32 caracteres: letras, números, punto o guion bajo).');

const config = loadConfig();
const db = openDb(config.databaseUrl, config.dataDir);
await migrate(db);
try {
  if (command === 'create') {
    const fullName = values['full-name']?.trim();
    if (!fullName) fail('Indicá --full-name.');
    if (values.role !== 'partner' && values.role !== 'super') fail('--role es partner o super.');
    const permissions = values.permissions.split(',').filter(Boolean);
    const unknown = permissions.filter((p) => !(ADMIN_PERMISSIONS as readonly string[]).includes(p));
    if (unknown.length) fail(`Permisos desconocidos: ${unknown.join(', ')}. Válidos: ${ADMIN_PERMISSIONS.join(', ')}.`);
    if (await db('admin_users').where('username', username).first('id')) fail(`Ya existe el administrador "${username}".`);
    const { password, generated } = await newPassword();
    if (password.length < 12) fail('La contraseña debe tener al menos 12 caracteres.');
    await createAdministratorAccount(db, {
      username,
      fullName,
      password,
      permissions: permissions as AdminPermission[],
      isMaster: values.role === 'super',
    });
    console.log(`Administrador "${username}" creado${generated ? `, contraseña "${password}" (se muestra solo esta vez)` : ''}.`);
  } else if (command === 'reset-password') {
    const user = await db('admin_users').where('username', username).first('id');
    if (!user) fail(`No existe el administrador "${username}".`);
    const { password, generated } = await newPassword();
    if (password.length < 12) fail('La contraseña debe tener al menos 12 caracteres.');
    await resetAdministratorPassword(db, user.id, password);
    await db('admin_users').where('id', user.id).update({ active: true });
    console.log(
      `Contraseña de "${username}" cambiada${generated ? `: "${password}" (se muestra solo esta vez)` : ''}; sus sesiones se cerraron.`,
    );
  } else if (command === 'reset-second-step') {
    const user = await db('admin_users').where('username', username).first('id');
    if (!user) fail(`No existe el administrador "${username}".`);
    await resetSecondStepFromConsole(db, user.id, username);
    console.log(`Segundo paso de "${username}" restablecido: configura uno nuevo al ingresar; sus sesiones se cerraron.`);
  } else {
    fail('Uso: node scripts/admin.ts create|reset-password|reset-second-step --username ...');
  }
} finally {
  await db.destroy();
}

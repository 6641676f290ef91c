import 'reflect-metadata';
import { Client } from 'pg';
import { ConfigError, loadConfig } from '../config/app-config';
import { scriptDatabase } from '../infrastructure/database/embedded-postgres';
import { grantStaffRole } from '../modules/identity/staff-role';

/**
 * `npm run staff:grant -- <correo>`: gives an existing local account the staff role.
 * Works with the server running (it reuses the embedded PostgreSQL the server
 * started) or stopped (it starts that PostgreSQL for the duration). The member's
 * next access token, within ten minutes, carries the role.
 */
async function main(): Promise<void> {
  const email = process.argv
    .slice(2)
    .find((arg) => !arg.startsWith('-'))
    ?.trim()
    .toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    process.stderr.write('Uso: npm run staff:grant -- <correo>\n');
    process.exit(64);
  }
  const config = loadConfig();
  if (config.auth.provider === 'clerk') {
    process.stderr.write('Con AUTH_PROVIDER=clerk el rol de staff es el rol admin de la organización en Clerk (ver docs/identity.md).\n');
    process.exit(64);
  }

  const { url, embedded } = await scriptDatabase(config.database);

  const client = new Client({ connectionString: url });
  let granted = false;
  try {
    await client.connect();
    granted = await grantStaffRole(client, email);
    if (!granted) {
      process.stderr.write(
        `No existe ninguna cuenta con el correo ${email}. Regístrala primero, o añádela a STAFF_EMAILS para que sea staff desde su registro.\n`,
      );
    } else {
      process.stdout.write(`${email} ahora es staff. Su próximo token de acceso (en menos de 10 minutos) incluirá el rol.\n`);
    }
  } finally {
    await client.end().catch(() => undefined);
    await embedded?.stop();
  }
  // Explicit: the embedded PostgreSQL library's shutdown would otherwise decide the exit code.
  process.exit(granted ? 0 : 1);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

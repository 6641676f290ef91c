import 'reflect-metadata';
import { Pool } from 'pg';
import { ConfigError, loadConfig } from '../config/app-config';
import { scriptDatabase } from '../infrastructure/database/embedded-postgres';
import { DataKeys } from '../infrastructure/privacy/data-keys';
import { kekId } from '../infrastructure/privacy/field-cipher';

/**
 * `PULSO_KEK=<nueva> PULSO_KEK_PREVIOUS=<anterior> npm run keys:rotate`: wraps every member data
 * key again with the new key-encryption key (docs/privacy.md, ADR 0201). Safe to run with the
 * server up (it reads both keys) and to run again; once it reports 0 keys left under the previous
 * KEK, PULSO_KEK_PREVIOUS can be removed and the old KEK destroyed.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.privacy.kek || !config.privacy.previousKek) {
    process.stderr.write('Uso: PULSO_KEK=<nueva> PULSO_KEK_PREVIOUS=<anterior> npm run keys:rotate\n');
    process.exit(64);
  }
  const { url, embedded } = await scriptDatabase(config.database);
  const pool = new Pool({ connectionString: url, max: 2 });
  let rewrapped = 0;
  try {
    rewrapped = await new DataKeys(pool, config).rewrapAll();
    const left = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM member_data_keys WHERE destroyed_at IS NULL AND kek_id IS DISTINCT FROM $1', [
      kekId(Buffer.from(config.privacy.kek, 'base64')),
    ]);
    process.stdout.write(`${rewrapped} claves de datos cifradas de nuevo con la nueva PULSO_KEK; quedan ${left.rows[0].n} con otra clave.\n`);
  } finally {
    await pool.end().catch(() => undefined);
    await embedded?.stop();
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

import 'reflect-metadata';
import { createApp } from './bootstrap';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';
import { EmbeddedPostgresError, EmbeddedPostgresHandle, startEmbeddedPostgres } from './infrastructure/database/embedded-postgres';

function describeModes(config: AppConfig, embedded: EmbeddedPostgresHandle | undefined): string {
  const database = embedded ? `PostgreSQL embebido (${config.database.embedded.dataDir})` : 'PostgreSQL (DATABASE_URL)';
  const eventStore = config.eventStore.kind === 'esdb' ? 'EventStoreDB' : 'PostgreSQL';
  const identity = config.auth.provider === 'clerk' ? 'Clerk' : 'proveedor local';
  const mail = config.mail.transport === 'smtp' ? 'SMTP' : 'bandeja de salida (outbox)';
  return `event store: ${eventStore} · base de datos: ${database} · identidad: ${identity} · correo: ${mail}`;
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }

  let embedded: EmbeddedPostgresHandle | undefined;
  if (!config.database.url) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.database.embedded.dataDir,
      port: config.database.embedded.port,
      log: (chunk) => {
        for (const line of chunk.split('\n')) {
          if (/PANIC|Recuperando/.test(line)) process.stderr.write(`[postgres] ${line}\n`);
        }
      },
    });
    if (embedded.recoveredStalePostmaster) process.stderr.write('PostgreSQL embebido recuperado de una ejecución interrumpida.\n');
    config = { ...config, database: { ...config.database, url: embedded.url } };
  }

  const app = await createApp(config, { serveSpa: true }).catch(async (error: unknown) => {
    await embedded?.stop();
    throw error;
  });
  await app.listen(config.port, config.host);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    const forced = setTimeout(() => process.exit(1), 20000);
    forced.unref();
    try {
      await app.close();
    } finally {
      await embedded?.stop();
    }
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown());

  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  process.stdout.write(`Pulso listo en ${config.publicUrl} (${seconds} s) — ${describeModes(config, embedded)}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof EmbeddedPostgresError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`No se pudo iniciar Pulso: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});

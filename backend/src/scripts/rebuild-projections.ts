import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Pool } from 'pg';
import { AppModule } from '../app.module';
import { AppConfig, ConfigError, loadConfig } from '../config/app-config';
import { PG_POOL } from '../infrastructure/database/database.module';
import { scriptDatabase } from '../infrastructure/database/embedded-postgres';
import { ProjectionEngine } from '../infrastructure/projections/projection-engine';
import type { ProjectionStatus } from '../infrastructure/projections/projection-status';

/**
 * `npm run projections:rebuild -- <nombre|all>`: replays the whole log into a new
 * generation of the projection's tables while the current ones keep serving, and
 * switches once it has caught up (ADR 0015). Works with the server running (it
 * reuses its embedded PostgreSQL; the server's runners take over afterwards) or
 * stopped. Prints progress until every rebuilt projection is active.
 */
async function main(): Promise<number> {
  const target = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  if (!target) {
    process.stderr.write('Uso: npm run projections:rebuild -- <nombre|all>\n');
    return 64;
  }
  let config: AppConfig;
  try {
    config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 78;
    }
    throw error;
  }

  const { url, embedded } = await scriptDatabase(config.database);
  config = { ...config, database: { ...config.database, url } };

  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error'] });
  // pg-pool's end() can resolve before its sockets close; the database stopping right after must not crash us.
  if (embedded) app.get<Pool>(PG_POOL).on('error', () => undefined);
  let exitCode = 0;
  try {
    const engine = app.get(ProjectionEngine);
    const names = target === 'all' ? engine.registered().map((projection) => projection.name) : [target];
    const known = new Set(engine.registered().map((projection) => projection.name));
    const unknown = names.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      process.stderr.write(`Proyección desconocida: ${unknown.join(', ')}. Disponibles: ${[...known].join(', ') || '(ninguna)'}\n`);
      return 64;
    }
    for (const name of names) {
      const [generation] = await engine.rebuild(name);
      process.stdout.write(`${name}: reconstruyendo en la generación ${generation}\n`);
      const switched = await engine.waitUntilActive(name, generation, 6 * 60 * 60 * 1000, (status) => report(status));
      process.stdout.write(switched ? `${name}: generación ${generation} activa\n` : `${name}: la reconstrucción no terminó a tiempo\n`);
      if (!switched) exitCode = 1;
    }
    return exitCode;
  } finally {
    await app.close();
    await embedded?.stop();
  }
}

let lastReport = 0;

function report(status: ProjectionStatus): void {
  const progress = status.rebuild;
  if (!progress || Date.now() - lastReport < 2000) return;
  lastReport = Date.now();
  const eta = progress.etaSeconds === null ? '—' : `${progress.etaSeconds} s`;
  process.stdout.write(
    `${status.name}: ${progress.processed.toLocaleString('es-SV')} / ${progress.total.toLocaleString('es-SV')} eventos · ${progress.eventsPerSecond.toLocaleString('es-SV')} eventos/s · faltan ${eta}\n`,
  );
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`No se pudo reconstruir: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);

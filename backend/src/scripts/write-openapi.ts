import 'reflect-metadata';
import { writeFileSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { createApp } from '../bootstrap';
import { loadConfig } from '../config/app-config';
import { buildOpenApiDocument, stableJson } from '../infrastructure/http/openapi';

/**
 * Writes docs/openapi.json from the NestJS code. With --check it only compares,
 * and fails when the committed file is stale. Needs no database: the modules are
 * scanned in preview mode, so no provider connects to anything.
 */
async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const target = path.resolve(__dirname, '..', '..', '..', 'docs', 'openapi.json');
  const config = loadConfig({ ...process.env, DATABASE_URL: 'postgres://openapi:openapi@127.0.0.1:1/openapi', LOG_LEVEL: 'silent' });
  const app = await createApp(config, { preview: true });
  const document = stableJson(buildOpenApiDocument(app));
  if (check) {
    const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
    if (current !== document) {
      process.stderr.write('docs/openapi.json está desactualizado: ejecuta `npm run openapi`.\n');
      process.exit(1);
    }
    process.stdout.write('docs/openapi.json al día\n');
  } else {
    writeFileSync(target, document);
    process.stdout.write(`Escrito ${path.relative(process.cwd(), target)}\n`);
  }
  process.exit(0);
}

void main();

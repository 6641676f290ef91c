import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp, type CreateAppOptions } from '../../src/bootstrap';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { createTestDatabase, TestDatabase } from './test-database';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The event store the e2e specs run on: PostgreSQL unless the run sets `EVENT_STORE=esdb` and
 * `EVENTSTORE_URL` (the EventStoreDB workflow does; see README "Event store contract").
 */
function eventStoreEnv(): NodeJS.ProcessEnv {
  const { EVENT_STORE, EVENTSTORE_URL } = process.env;
  return EVENT_STORE ? { EVENT_STORE, EVENTSTORE_URL } : {};
}

/** The real application on its own fresh database, for supertest. */
export async function createTestApp(env: NodeJS.ProcessEnv = {}, options: CreateAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase({ migrate: false });
  // Specs assert that answers are consistent, not how fast: on a CI machine running two suites at
  // once, a fresh app's projections may take longer than production's 2 s bound to catch up.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    READ_YOUR_WRITES_TIMEOUT_MS: '10000',
    ...eventStoreEnv(),
    ...env,
    DATABASE_URL: database.url,
  });
  const app = await createApp(config, options);
  await app.init();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

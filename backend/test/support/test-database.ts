import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { migrations } from '../../src/migrations';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_PG_URL;
  if (!url) throw new Error('TEST_PG_URL is not set: run the backend tests through jest (its global setup starts PostgreSQL).');
  return url;
}

/** A fresh, migrated database for one test file; `drop()` removes it. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  if (options.migrate !== false) {
    const dataSource = new DataSource({ type: 'postgres', url: url.toString(), migrations, logging: false });
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    await dataSource.destroy();
  }
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new Client({ connectionString: adminUrl() });
      await client.connect();
      // pg-pool's end() resolves before its clients' sockets close: a forced drop now would terminate
      // them and the pool would emit the server's 57P01 as an unhandled error. Let them go first.
      for (let tries = 0; tries < 100; tries++) {
        const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

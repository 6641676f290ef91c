import type { NestExpressApplication } from '@nestjs/platform-express';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap';
import { loadConfig } from '../src/config/app-config';
import { migrations } from '../src/migrations';
import { CalendarFeedTokenDigests1765200000001 } from '../src/modules/training-calendar/1765200000001-calendar-feed-token-digests.migration';
import { bearerFor } from './support/auth';
import type { TestApp } from './support/test-app';
import { createTestDatabase, TestDatabase } from './support/test-database';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const tokenOf = (url: string) => /\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(url)![1]!;

/**
 * Issue 38, point 5: calendar feed tokens are stored as SHA-256 digests (and sealed under the
 * member's data key, to show the URL again), never in clear. A database from before the change is
 * migrated so that every subscription keeps working.
 */
describe('calendar feed tokens at rest (e2e)', () => {
  let database: TestDatabase;
  let db: Client;
  let app: NestExpressApplication;
  const before = { userId: randomUUID(), token: randomBytes(32).toString('base64url') };
  const http = () => request(app.getHttpServer());
  /** Tokens of the local provider, signed by this app's key. */
  const member = (userId: string) => bearerFor({ app } as unknown as TestApp, { userId });

  beforeAll(async () => {
    // A database as the previous version left it: every migration before this one, a token in clear.
    database = await createTestDatabase({ migrate: false });
    const earlier = new DataSource({
      type: 'postgres',
      url: database.url,
      migrations: migrations.filter((migration) => migration !== CalendarFeedTokenDigests1765200000001),
      logging: false,
    });
    await earlier.initialize();
    await earlier.runMigrations({ transaction: 'each' });
    await earlier.query('INSERT INTO calendar_feed_tokens (user_id, token) VALUES ($1, $2)', [before.userId, before.token]);
    await earlier.destroy();

    // This version boots on it: the migration, then the sealing of what is left in clear.
    app = await createApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', READ_YOUR_WRITES_TIMEOUT_MS: '10000', DATABASE_URL: database.url }));
    await app.init();
    db = new Client({ connectionString: database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
    await database?.drop();
  });

  const stored = async () =>
    (await db.query<Record<string, string | null>>('SELECT user_id, token_hash, token_sealed, clear_token FROM calendar_feed_tokens ORDER BY created_at')).rows;

  it('keeps a feed URL made before the migration working, and stores its token only as a digest and sealed', async () => {
    const feed = await http().get(`/api/calendar/${before.token}.ics`).expect(200);
    expect(feed.text).toContain('BEGIN:VCALENDAR');
    // The member is shown the same URL as before.
    const auth = await member(before.userId);
    const shown = (await http().get('/api/training/calendar/feed').set('Authorization', auth).expect(200)).body.url as string;
    expect(tokenOf(shown)).toBe(before.token);

    const [row] = await stored();
    expect(row).toMatchObject({ user_id: before.userId, token_hash: sha256(before.token), clear_token: null });
    expect(row!.token_sealed).toMatch(/^pulso:enc:v1:/);
    expect(JSON.stringify(await stored())).not.toContain(before.token);
  });

  it('stores a new token as its digest, answers the same URL again, and forgets it when revoked', async () => {
    const userId = randomUUID();
    const auth = await member(userId);
    const [first, second] = await Promise.all([
      http().get('/api/training/calendar/feed').set('Authorization', auth).expect(200),
      http().get('/api/training/calendar/feed').set('Authorization', auth).expect(200),
    ]);
    expect(second.body.url).toBe(first.body.url);
    const token = tokenOf(first.body.url);
    const rows = await stored();
    expect(rows.find((row) => row.user_id === userId)).toMatchObject({ token_hash: sha256(token), clear_token: null });
    expect(JSON.stringify(rows)).not.toContain(token);
    await http().get(`/api/calendar/${token}.ics`).expect(200);

    const renewed = tokenOf((await http().post('/api/training/calendar/feed/revoke').set('Authorization', auth).expect(200)).body.url);
    expect(renewed).not.toBe(token);
    await http().get(`/api/calendar/${token}.ics`).expect(404);
    await http().get(`/api/calendar/${renewed}.ics`).expect(200);
    // Someone holding only the digest (a database copy) opens nothing with it.
    await http()
      .get(`/api/calendar/${sha256(renewed).slice(0, 43)}.ics`)
      .expect(404);
  });
});

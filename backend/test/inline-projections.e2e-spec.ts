import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { INLINE_FAILURE_MESSAGE } from '../src/infrastructure/event-store/command-handler';
import { EventStore } from '../src/infrastructure/event-store/event-store.port';
import { ProjectionEngine } from '../src/infrastructure/projections/projection-engine';
import { memberStreamName } from '../src/modules/members/member.events';
import { bearerFor } from './support/auth';
import { waitForInline } from './support/eventually';
import { createTestApp, TestApp } from './support/test-app';

/**
 * The member read models are written in the append's own transaction (ADR 0240). A completion
 * is then consistent when it answers, with no wait; and when one of those read models refuses
 * the change, nothing of it is stored anywhere, the member reads why in Spanish, and the same
 * request with the same key succeeds once the cause is gone.
 */
describe('member writes with inline projections (e2e)', () => {
  let t: TestApp;
  let db: Client;
  let workoutId: string;
  const http = () => request(t.app.getHttpServer());
  const userIdOf = (auth: string) => JSON.parse(Buffer.from(auth.split('.')[1], 'base64url').toString()).sub as string;
  const complete = (auth: string, key: string) =>
    http().post('/api/progress/complete').set('Authorization', auth).set('Idempotency-Key', key).send({ workoutId, planId: null, enrollmentId: null });
  const stats = async (auth: string) => (await http().get('/api/progress/stats').set('Authorization', auth).expect(200)).body.stats;
  const history = async (auth: string) => (await http().get('/api/progress').set('Authorization', auth).expect(200)).body;
  const storedTypes = async (auth: string) => (await t.app.get(EventStore).readStream(memberStreamName(userIdOf(auth)))).map((event) => event.type);
  /** The physical table behind a projection's logical one, in its active generation. */
  const activeTable = async (projection: string, table: string) => {
    const { rows } = await db.query<{ generation: number }>(`SELECT generation FROM projection_generations WHERE name = $1 AND status = 'active'`, [
      projection,
    ]);
    return `${table}__g${rows[0].generation}`;
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = new Client({ connectionString: t.database.url });
    await db.connect();
    const auth = await bearerFor(t);
    workoutId = (await http().get('/api/workouts').set('Authorization', auth).expect(200)).body.workouts[0]._id;
    // The member read models go inline once they have caught up with the log.
    await waitForInline(t.app, ['member_progress', 'progress_records']);
  });

  afterAll(async () => {
    await db.end();
    await t.close();
  });

  it('answers a completion with the stats and the history already holding it', async () => {
    const auth = await bearerFor(t);
    const engine = t.app.get(ProjectionEngine);
    expect((await engine.status()).find((status) => status.name === 'member_progress')?.state).toBe('inline');
    for (let index = 1; index <= 3; index += 1) {
      const answer = await complete(auth, randomUUID()).expect(200);
      expect(answer.headers['x-read-your-writes']).toBe('ok');
      expect((await stats(auth)).totalWorkouts).toBe(index);
      expect((await history(auth)).progress).toHaveLength(index);
    }
  });

  it('stores nothing when a member read model refuses the change, says so in Spanish, and the same request succeeds once fixed', async () => {
    const auth = await bearerFor(t);
    await complete(auth, randomUUID()).expect(200);
    const before = { stats: await stats(auth), history: await history(auth), events: await storedTypes(auth) };
    const records = await activeTable('progress_records', 'progress_records');
    // A read model that refuses every new row (a bug, a full disk, a constraint) — here a constraint.
    await db.query(`ALTER TABLE ${records} ADD CONSTRAINT refuses_new_rows CHECK (false) NOT VALID`);
    const key = randomUUID();
    try {
      const refused = await complete(auth, key).expect(503);
      expect(refused.body.message).toBe(INLINE_FAILURE_MESSAGE);
      expect(JSON.stringify(refused.body)).not.toMatch(/constraint|progress_records|SQL|violates/i);
      // Nothing half-written: no event, and the other read models of the same append did not move either.
      expect(await storedTypes(auth)).toEqual(before.events);
      expect(await stats(auth)).toEqual(before.stats);
      expect(await history(auth)).toEqual(before.history);
    } finally {
      await db.query(`ALTER TABLE ${records} DROP CONSTRAINT refuses_new_rows`);
    }
    const accepted = await complete(auth, key).expect(200);
    expect((await stats(auth)).totalWorkouts).toBe(before.stats.totalWorkouts + 1);
    // The same key again answers as the first success did, and counts nothing more.
    const again = await complete(auth, key).expect(200);
    expect(again.body.progress).toEqual(accepted.body.progress);
    expect(again.body.duplicate).toBe(true);
    expect((await stats(auth)).totalWorkouts).toBe(before.stats.totalWorkouts + 1);
    expect((await history(auth)).progress).toHaveLength(before.history.progress.length + 1);
    expect((await storedTypes(auth)).filter((type) => type === 'WorkoutCompleted')).toHaveLength(
      before.events.filter((type) => type === 'WorkoutCompleted').length + 1,
    );
  });
});

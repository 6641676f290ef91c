import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import type { Projection } from './projection';
import { ProjectionEngine } from './projection-engine';

/** How the engine reads the active checkpoints for its waiters. */
const CHECKPOINT_READ = /FROM projection_generations WHERE status = 'active' AND name = ANY/;

let database: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;
const quiet = { error: () => undefined, info: () => undefined };

/** A projection whose batches wait until the test opens the gate. */
function gatedProjection(): { projection: Projection; open(): void } {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return {
    open,
    projection: {
      name: 'gated_things',
      version: 1,
      eventTypes: ['GatedThing'],
      tables: { gated_things: { columns: 'id text', key: ['id'] } },
      async apply(events) {
        await gate;
        return [{ insert: 'gated_things', rows: events.map((event) => ({ id: event.metadata.eventId })) }];
      },
    },
  };
}

async function appendThing(): Promise<string> {
  const metadata = {
    eventId: randomUUID(),
    correlationId: randomUUID(),
    causationId: randomUUID(),
    actor: { userId: 'u', role: 'member' },
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
  };
  return (await store.append(`thing-${randomUUID()}`, [{ type: 'GatedThing', data: {}, metadata }], { expectedRevision: 'no-stream' })).position;
}

/** The engine's pool, counting its checkpoint reads. */
function countingPool(): { pool: Pool; reads: () => number } {
  let reads = 0;
  const counting = Object.create(pool) as Pool;
  counting.query = ((...args: Parameters<Pool['query']>) => {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
    if (text && CHECKPOINT_READ.test(text)) reads++;
    return (pool.query as (...a: unknown[]) => unknown).apply(pool, args);
  }) as Pool['query'];
  return { pool: counting, reads: () => reads };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 20 });
  store = new PostgresEventStore(pool);
});

afterAll(async () => {
  await store.close();
  await pool.end();
  await database.drop();
});

describe('ProjectionEngine.waitFor', () => {
  it('wakes every waiter when the local runner commits, without a read per waiter while they wait', async () => {
    const { projection, open } = gatedProjection();
    const counted = countingPool();
    const engine = new ProjectionEngine(counted.pool, store, { log: quiet });
    engine.register(projection);
    await engine.start();
    try {
      const position = await appendThing();
      const waits = Array.from({ length: 40 }, () => engine.waitFor(position, { eventTypes: ['GatedThing'] }, 30_000));
      await sleep(50);
      const afterStart = counted.reads();
      // Held by the gate for a while: polling every 25 ms per waiter would read about 40 × 24 times.
      await sleep(600);
      const whileHeld = counted.reads() - afterStart;
      expect(whileHeld).toBeLessThan(10);
      open();
      expect(await Promise.all(waits)).toEqual(Array.from({ length: 40 }, () => ({ reached: true, pending: [] })));

      // A position already seen is answered from memory.
      const before = counted.reads();
      expect(await engine.waitFor(position, { projections: ['gated_things'] }, 1000)).toEqual({ reached: true, pending: [] });
      expect(counted.reads()).toBe(before);
    } finally {
      open();
      await engine.stop();
    }
  });

  it('answers a wait that runs out with the projections still behind, and keeps serving the others', async () => {
    const { projection, open } = gatedProjection();
    const engine = new ProjectionEngine(pool, store, { log: quiet });
    engine.register(projection);
    await engine.start();
    try {
      const position = await appendThing();
      const late = engine.waitFor(position, { projections: ['gated_things'] }, 30_000);
      expect(await engine.waitFor(position, { projections: ['gated_things'] }, 200)).toEqual({ reached: false, pending: ['gated_things'] });
      expect(await engine.waitFor(position, { eventTypes: ['Unhandled'] }, 200)).toEqual({ reached: true, pending: [] });
      open();
      expect(await late).toEqual({ reached: true, pending: [] });
    } finally {
      open();
      await engine.stop();
    }
  });

  it('sees a checkpoint moved by a runner of another process', async () => {
    const { projection, open } = gatedProjection();
    open();
    const runner = new ProjectionEngine(pool, store, { log: quiet });
    runner.register(projection);
    await runner.start();
    // This one stands by: the other holds the generation's lock, so its commits cannot wake it.
    const standby = new ProjectionEngine(pool, store, { log: quiet });
    standby.register(projection);
    await standby.start();
    try {
      const position = await appendThing();
      expect(await standby.waitFor(position, { projections: ['gated_things'] }, 10_000)).toEqual({ reached: true, pending: [] });
      const rows = await pool.query('SELECT count(*)::int AS n FROM gated_things');
      expect(rows.rows[0].n).toBeGreaterThan(0);
    } finally {
      await standby.stop();
      await runner.stop();
    }
  });
});

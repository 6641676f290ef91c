import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { collect, contractEvent, describeEventStoreContract } from './event-store.contract';
import { DuplicateEventIdError, NewEvent } from './event-store.port';
import { PostgresEventStore } from './postgres-event-store';

const EXPECTED = { any: '-1', 'no-stream': '-2', 'stream-exists': '-3' } as const;

function appendValues(streamId: string, events: NewEvent[], expected: string): unknown[] {
  return [
    streamId,
    expected,
    events.map((event) => event.metadata.eventId),
    events.map((event) => event.type),
    events.map((event) => JSON.stringify(event.data)),
    events.map((event) => JSON.stringify(event.metadata)),
  ];
}

let database: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 20 });
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

describeEventStoreContract('PostgreSQL', async (upcasters) => {
  const store = new PostgresEventStore(pool, upcasters);
  return {
    store,
    // The append runs inside a transaction that stays open for delayMs, so later
    // appends commit first while this one holds a lower global_position.
    async slowAppend(streamId, events, expectedRevision, delayMs) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const expected = typeof expectedRevision === 'bigint' ? expectedRevision.toString() : EXPECTED[expectedRevision];
        await client.query('SELECT * FROM event_store_append($1, $2, $3, $4, $5, $6)', appendValues(streamId, events, expected));
        await client.query('SELECT pg_sleep($1)', [delayMs / 1000]);
        await client.query('COMMIT');
        await client.query('NOTIFY event_store');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => store.close(),
  };
});

describe('PostgreSQL event store specifics', () => {
  let store: PostgresEventStore;

  beforeAll(() => {
    store = new PostgresEventStore(pool);
  });

  afterAll(async () => {
    await store.close();
  });

  it('never skips an event whose transaction commits after a later-numbered one', async () => {
    const head = await store.headPosition();
    const slow = pool.connect();
    const client = await slow;
    try {
      await client.query('BEGIN');
      const early = contractEvent('Gap', { order: 'allocated-first' });
      await client.query('SELECT * FROM event_store_append($1, $2, $3, $4, $5, $6)', appendValues('gap-slow', [early], '-2'));
      // Commits first with a higher global_position.
      await store.append('gap-fast', [contractEvent('Gap', { order: 'allocated-second' })], { expectedRevision: 'no-stream' });

      // While the first transaction is open, no reader may pass it: the fast event is held back.
      const visible = (await store.readAll({ after: head, maxCount: 100 })).filter((event) => event.type === 'Gap');
      expect(visible).toEqual([]);
      expect(await store.hasHeldBackEvents()).toBe(true);

      const subscription = store.subscribeToAll({ after: head, eventTypes: ['Gap'] });
      const collecting = collect(subscription, () => true, (events) => events.length === 2, 10000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await client.query('COMMIT');
      const events = await collecting;
      expect(events.map((event) => (event.data as { order: string }).order)).toEqual(['allocated-first', 'allocated-second']);
    } finally {
      client.release();
    }
  });

  it('refuses an event id already stored in another stream', async () => {
    const event = contractEvent('Once');
    await store.append('dup-a', [event], { expectedRevision: 'no-stream' });
    await expect(store.append('dup-b', [event], { expectedRevision: 'no-stream' })).rejects.toBeInstanceOf(DuplicateEventIdError);
    expect(await store.readStream('dup-b')).toEqual([]);
  });

  it('keeps one copy when the same append is retried concurrently', async () => {
    const events = [contractEvent('Retried'), contractEvent('Retried')];
    const results = await Promise.all(Array.from({ length: 6 }, () => store.append('retry-race', events, { expectedRevision: 'any' })));
    expect(new Set(results.map((result) => result.position)).size).toBe(1);
    expect(await store.readStream('retry-race')).toHaveLength(2);
  });

  it('lets exactly one of many racing first appends to a stream win with no-stream', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => store.append('first-wins', [contractEvent('First')], { expectedRevision: 'no-stream' })),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => (outcome as PromiseRejectedResult).reason.name)).toEqual(
      Array(7).fill('WrongExpectedVersionError'),
    );
  });
});

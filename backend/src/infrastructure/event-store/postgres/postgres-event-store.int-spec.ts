import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../../test/support/test-database';
import { collect, contractEvent, describeEventStoreContract } from '../event-store.contract';
import { AppendResult, DuplicateEventIdError, NewEvent, RecordedEvent, WrongExpectedVersionError } from '../event-store.port';
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
      const collecting = collect(
        subscription,
        () => true,
        (events) => events.length === 2,
        10000,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      await client.query('COMMIT');
      const events = await collecting;
      expect(events.map((event) => (event.data as { order: string }).order)).toEqual(['allocated-first', 'allocated-second']);
    } finally {
      client.release();
    }
  });

  it('holds no page it has handed out while it waits for the next events, page by page or event by event', async () => {
    // A caught-up subscription waits for the next event as long as none comes: whatever it keeps meanwhile
    // stays in memory, and the last page of a catch-up can be a whole batch of 20,000 events.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const collected = async (refs: Array<WeakRef<object>>) => {
      // A WeakRef keeps its target until the job that made it ends: collect after a turn.
      for (let round = 0; round < 3; round++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        gc();
      }
      return refs.every((ref) => ref.deref() === undefined);
    };
    const type = `Probe${randomUUID().replace(/-/g, '')}`;
    const head = await store.headPosition();
    await store.append(`probe-${randomUUID()}`, [contractEvent(type), contractEvent(type), contractEvent(type)], { expectedRevision: 'no-stream' });

    const paged = store.subscribeToAll({ after: head, eventTypes: [type] });
    const pages = paged.pages!()[Symbol.asyncIterator]();
    const refs = await (async () => {
      const page = (await pages.next()).value as RecordedEvent[];
      expect(page).toHaveLength(3);
      return [new WeakRef(page), ...page.map((event) => new WeakRef(event))];
    })();
    void pages.next();
    expect(await collected(refs)).toBe(true);
    await paged.close();

    const single = store.subscribeToAll({ after: head, eventTypes: [type] });
    const events = single[Symbol.asyncIterator]();
    const eventRefs: Array<WeakRef<object>> = [];
    for (let index = 0; index < 3; index++) eventRefs.push(new WeakRef((await events.next()).value as object));
    void events.next();
    expect(await collected(eventRefs)).toBe(true);
    await single.close();
  });

  it('once caught up, reads at most every minReadIntervalMs: what is appended meanwhile comes in one page (ADR 0261)', async () => {
    const type = `Paced${randomUUID().replace(/-/g, '')}`;
    const head = await store.headPosition();
    const subscription = store.subscribeToAll({ after: head, eventTypes: [type], minReadIntervalMs: 1000 });
    const pages = subscription.pages!()[Symbol.asyncIterator]();
    try {
      const firstPage = pages.next();
      // Quiet for longer than the interval: the next wake-up reads at once.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const first = contractEvent(type);
      await store.append(`paced-${randomUUID()}`, [first], { expectedRevision: 'no-stream' });
      expect(((await firstPage).value as RecordedEvent[]).map((event) => event.metadata.eventId)).toEqual([first.metadata.eventId]);
      // Three appends right after that read, each waking the subscription: one read for all three.
      const next = pages.next();
      const later = [contractEvent(type), contractEvent(type), contractEvent(type)];
      await Promise.all(later.map((event) => store.append(`paced-${randomUUID()}`, [event], { expectedRevision: 'no-stream' })));
      const page = (await next).value as RecordedEvent[];
      expect(page.map((event) => event.metadata.eventId).sort()).toEqual(later.map((event) => event.metadata.eventId).sort());
    } finally {
      await subscription.close();
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

/** The transaction id of an append's position (`<xid>-<global position>`). */
const transactionOf = (position: string) => position.split('-')[0];

/**
 * Holds the row lock of a stream's revision, so that an append to it stays in flight until
 * `release`: the appends made meanwhile queue and go together as the next group (ADR 0250).
 */
async function holdStream(streamId: string): Promise<{ release: () => Promise<void> }> {
  await pool.query('INSERT INTO event_store_streams (stream_id, revision) VALUES ($1, -1) ON CONFLICT DO NOTHING', [streamId]);
  const client = await pool.connect();
  await client.query('BEGIN');
  await client.query('SELECT 1 FROM event_store_streams WHERE stream_id = $1 FOR UPDATE', [streamId]);
  return {
    release: async () => {
      await client.query('COMMIT');
      client.release();
    },
  };
}

/** How many (sub)transactions wrote these streams' events: each writes its own xmin. */
async function subtransactionsOf(streams: string[], type: string): Promise<number> {
  const result = await pool.query<{ n: number }>(
    'SELECT count(DISTINCT xmin::text)::int AS n FROM event_store_events WHERE stream_id = ANY ($1) AND event_type = $2',
    [streams, type],
  );
  return result.rows[0].n;
}

describe('PostgreSQL event store group commit (ADR 0250)', () => {
  let store: PostgresEventStore;

  beforeAll(() => {
    store = new PostgresEventStore(pool, {}, { appendGroups: { maxInFlight: 1 } });
  });

  afterAll(async () => {
    await store.close();
  });

  /** Starts an append that stays in flight, runs `queue` (whose appends then wait for the next group), and lets it finish. */
  async function behindAnAppendInFlight<T>(queue: () => T): Promise<T> {
    const blocker = `gc-blocker-${randomUUID()}`;
    const held = await holdStream(blocker);
    const first = store.append(blocker, [contractEvent('Blocker')], { expectedRevision: 'any' });
    const queued = queue();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await held.release();
    await first;
    return queued;
  }

  it('goes at once, alone, when nothing is in flight', async () => {
    const result = await store.append(`gc-alone-${randomUUID()}`, [contractEvent('Alone')], { expectedRevision: 'no-stream' });
    const others = await pool.query('SELECT count(*)::int AS n FROM event_store_events WHERE transaction_id = $1::xid8', [
      BigInt(transactionOf(result.position)).toString(),
    ]);
    expect(others.rows[0].n).toBe(1);
  });

  it('commits the appends that arrive while one is in flight together, in one transaction, each with its own result', async () => {
    const streams = Array.from({ length: 6 }, (_, index) => `gc-group-${index}-${randomUUID()}`);
    await store.append(streams[2], [contractEvent('Earlier')], { expectedRevision: 'no-stream' });
    const results = await behindAnAppendInFlight(() =>
      Promise.all(
        streams.map((stream, index) =>
          store.append(stream, [contractEvent('Grouped', { index }), contractEvent('Grouped', { index, second: true })], {
            expectedRevision: index === 2 ? 0n : 'no-stream',
          }),
        ),
      ),
    );
    expect(new Set(results.map((result) => transactionOf(result.position))).size).toBe(1);
    // None fails, so the group goes in one statement with no subtransaction (ADR 0260): one xmin for all.
    expect(await subtransactionsOf(streams, 'Grouped')).toBe(1);
    expect(results.map((result) => result.nextExpectedRevision)).toEqual([1n, 1n, 2n, 1n, 1n, 1n]);
    expect(results.every((result) => result.written)).toBe(true);
    for (const [index, stream] of streams.entries()) {
      const stored = await store.readStream(stream);
      expect(stored.map((event) => event.data)).toEqual([...(index === 2 ? [{}] : []), { index }, { index, second: true }]);
      // Each append's position is that of its own last event.
      expect(stored[stored.length - 1].position).toBe(results[index].position);
    }
    // The group commits at once: a reader of the log gets all of it, in order, with no gap — once the
    // cluster-wide readers' horizon (another suite's open transaction in its own test database) lets it.
    for (const deadline = Date.now() + 15_000; (await store.hasHeldBackEvents()) && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const all = await store.readAll({ after: (await store.readStream(streams[2]))[0].position });
    const grouped = all.filter((event) => event.type === 'Grouped');
    expect(grouped).toHaveLength(12);
    expect([...grouped].sort((a, b) => store.comparePositions(a.position, b.position))).toEqual(grouped);
  });

  it('fails only the append of a group whose expected version is wrong; the others commit', async () => {
    const streams = Array.from({ length: 5 }, (_, index) => `gc-wrong-${index}-${randomUUID()}`);
    await store.append(streams[2], [contractEvent('A'), contractEvent('B')], { expectedRevision: 'no-stream' });
    const outcomes = await behindAnAppendInFlight(() =>
      Promise.allSettled(streams.map((stream) => store.append(stream, [contractEvent('Grouped')], { expectedRevision: 'no-stream' }))),
    );
    const failed = outcomes[2] as PromiseRejectedResult;
    expect(failed.status).toBe('rejected');
    expect(failed.reason).toBeInstanceOf(WrongExpectedVersionError);
    expect((failed.reason as WrongExpectedVersionError).actual).toBe(1n);
    const committed = outcomes.filter((outcome): outcome is PromiseFulfilledResult<AppendResult> => outcome.status === 'fulfilled');
    expect(committed).toHaveLength(4);
    expect(new Set(committed.map((outcome) => transactionOf(outcome.value.position))).size).toBe(1);
    // The group failed at once as a whole, and went again with a subtransaction per append:
    // the failed append's was rolled back, the four others' committed.
    expect(await subtransactionsOf(streams, 'Grouped')).toBe(4);
    expect((await store.readStream(streams[2])).map((event) => event.type)).toEqual(['A', 'B']);
    for (const index of [0, 1, 3, 4]) expect((await store.readStream(streams[index])).map((event) => event.type)).toEqual(['Grouped']);
  });

  it('keeps the arrival order of one stream’s appends within a group', async () => {
    const stream = `gc-order-${randomUUID()}`;
    const results = await behindAnAppendInFlight(() =>
      Promise.all([
        store.append(`gc-order-z-${randomUUID()}`, [contractEvent('Other')], { expectedRevision: 'no-stream' }),
        store.append(stream, [contractEvent('First')], { expectedRevision: 'no-stream' }),
        store.append(`gc-order-a-${randomUUID()}`, [contractEvent('Other')], { expectedRevision: 'no-stream' }),
        store.append(stream, [contractEvent('Second')], { expectedRevision: 0n }),
        store.append(stream, [contractEvent('Third')], { expectedRevision: 1n }),
      ]),
    );
    expect(new Set(results.map((result) => transactionOf(result.position))).size).toBe(1);
    expect((await store.readStream(stream)).map((event) => event.type)).toEqual(['First', 'Second', 'Third']);
    expect(
      results
        .slice(1)
        .filter((_, index) => index !== 1)
        .map((result) => result.nextExpectedRevision),
    ).toEqual([0n, 1n, 2n]);
  });

  it('answers a retried append inside its own group with the first result, and refuses an event id clash alone', async () => {
    const stream = `gc-retry-${randomUUID()}`;
    const events = [contractEvent('Retried'), contractEvent('Retried')];
    const clash = contractEvent('Clash');
    const [first, retry, clashing, clashed, other] = await behindAnAppendInFlight(() =>
      Promise.allSettled([
        store.append(stream, events, { expectedRevision: 'no-stream' }),
        store.append(stream, events, { expectedRevision: 'no-stream' }),
        store.append(`gc-clash-a-${randomUUID()}`, [clash], { expectedRevision: 'no-stream' }),
        store.append(`gc-clash-b-${randomUUID()}`, [clash], { expectedRevision: 'no-stream' }),
        store.append(`gc-other-${randomUUID()}`, [contractEvent('Other')], { expectedRevision: 'no-stream' }),
      ]),
    );
    const written = (first as PromiseFulfilledResult<AppendResult>).value;
    const retried = (retry as PromiseFulfilledResult<AppendResult>).value;
    expect(written.written).toBe(true);
    expect(retried.written).toBe(false);
    expect(retried.position).toBe(written.position);
    expect(retried.nextExpectedRevision).toBe(1n);
    expect(await store.readStream(stream)).toHaveLength(2);
    expect(clashing.status).toBe('fulfilled');
    expect((clashed as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateEventIdError);
    expect(transactionOf((other as PromiseFulfilledResult<AppendResult>).value.position)).toBe(transactionOf(written.position));
  });

  it('answers a retry of an earlier append that lands in a group of other streams with its first result', async () => {
    const stream = `gc-late-retry-${randomUUID()}`;
    const events = [contractEvent('Once'), contractEvent('Once')];
    const first = await store.append(stream, events, { expectedRevision: 'any' });
    const streams = Array.from({ length: 3 }, () => `gc-late-other-${randomUUID()}`);
    const [retry, ...others] = await behindAnAppendInFlight(() =>
      Promise.all([
        store.append(stream, events, { expectedRevision: 'any' }),
        ...streams.map((other) => store.append(other, [contractEvent('Other')], { expectedRevision: 'any' })),
      ]),
    );
    expect(retry).toMatchObject({ written: false, position: first.position, nextExpectedRevision: 1n });
    expect(await store.readStream(stream)).toHaveLength(2);
    expect(new Set(others.map((result) => transactionOf(result.position))).size).toBe(1);
    for (const [index, other] of streams.entries()) {
      expect(others[index]).toMatchObject({ written: true, nextExpectedRevision: 0n });
      expect((await store.readStream(other))[0].position).toBe(others[index].position);
    }
  });

  it('appends each member alone when the group’s own transaction fails', async () => {
    // A store on fresh connections (no statement prepared yet), while the group function cannot be found.
    const separate = new Pool({ connectionString: database.url, max: 10 });
    const alone = new PostgresEventStore(separate, {}, { appendGroups: { maxInFlight: 1 }, ownsPool: true });
    await pool.query('ALTER FUNCTION event_store_append_group RENAME TO event_store_append_group_away');
    try {
      const blocker = `gc-blocker-${randomUUID()}`;
      const held = await holdStream(blocker);
      const first = alone.append(blocker, [contractEvent('Blocker')], { expectedRevision: 'any' });
      const streams = Array.from({ length: 4 }, () => `gc-fallback-${randomUUID()}`);
      const queued = Promise.allSettled(streams.map((stream) => alone.append(stream, [contractEvent('Fallback')], { expectedRevision: 'no-stream' })));
      // One of them is wrong: it still fails alone with its own error.
      const wrong = alone.append(streams[1], [contractEvent('Wrong')], { expectedRevision: 'no-stream' }).catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await held.release();
      await first;
      const outcomes = await queued;
      expect(outcomes.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
      expect(await wrong).toBeInstanceOf(WrongExpectedVersionError);
      const positions = outcomes.map((outcome) => (outcome as PromiseFulfilledResult<AppendResult>).value.position);
      // Each in a transaction of its own.
      expect(new Set(positions.map(transactionOf)).size).toBe(4);
      for (const stream of streams) expect((await alone.readStream(stream)).map((event) => event.type)).toEqual(['Fallback']);
    } finally {
      await pool.query('ALTER FUNCTION event_store_append_group_away RENAME TO event_store_append_group');
      await alone.close();
    }
  });
});

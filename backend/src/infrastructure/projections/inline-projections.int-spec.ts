import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { Client, Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { InlineProjectionError, WrongExpectedVersionError, type AppendResult, type NewEvent } from '../event-store/event-store.port';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { ProjectionEngine } from './projection-engine';
import { quietLog, SampleLog, totalsFromLog, totalsFromReadModel, until } from './testing/projection-test-kit';
import { sampleEvent } from './testing/sample-events';
import { sampleMemberActivityProjection, type SampleProjectionOptions } from './testing/sample-member-activity.projection';

/**
 * Inline projections (ADR 0240): a generation that has caught up is updated in each append's
 * own transaction. These are the reliability cases of the switch and of a failing handler.
 */
const NAME = 'sample_member_activity';

let database: TestDatabase;
let pool: Pool;
const closing: Array<() => Promise<void>> = [];

beforeEach(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 30 });
});

afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  await pool.end();
  await database.drop();
});

function store(options: ConstructorParameters<typeof PostgresEventStore>[2] = {}): PostgresEventStore {
  const created = new PostgresEventStore(pool, {}, options);
  closing.push(() => created.close());
  return created;
}

async function engineOn(
  eventStore: PostgresEventStore,
  projection: SampleProjectionOptions,
  options: { batchSize?: number; inline?: boolean } = {},
): Promise<ProjectionEngine> {
  const engine = new ProjectionEngine(pool, eventStore, {
    batchSize: options.batchSize ?? 200,
    superviseIntervalMs: 100,
    log: quietLog,
    inline: options.inline,
  });
  engine.register(sampleMemberActivityProjection(projection));
  await engine.start();
  closing.push(() => engine.stop());
  return engine;
}

const stateOf = async (engine: ProjectionEngine) => (await engine.status()).find((status) => status.name === NAME);
const inline = (engine: ProjectionEngine) => until(async () => (await stateOf(engine))?.state === 'inline', 20000);
const readModelMatchesLog = async () => isDeepStrictEqual(await totalsFromReadModel(pool), await totalsFromLog(pool));

/** An event of a type the sample projection does not handle (the filter skips it). */
function otherEvent(): NewEvent {
  return {
    type: 'SampleNoteWritten',
    data: { note: 'x' },
    metadata: {
      eventId: randomUUID(),
      correlationId: randomUUID(),
      causationId: randomUUID(),
      actor: { userId: 'm0', role: 'member' },
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

describe('Inline projections (PostgreSQL)', () => {
  it('goes inline once caught up: each append answers with the read model already holding it, and no runner applies it again', async () => {
    const eventStore = store();
    const log = new SampleLog(eventStore, 5);
    await log.append(120);
    const engine = await engineOn(eventStore, { lifecycle: 'inline' });
    await inline(engine);
    expect(await readModelMatchesLog()).toBe(true);
    for (let index = 0; index < 40; index++) {
      await log.append(1);
      // No wait of any kind: the append committed with its read model.
      expect(await readModelMatchesLog()).toBe(true);
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await readModelMatchesLog()).toBe(true);
    expect((await stateOf(engine))?.state).toBe('inline');
    expect((await engine.waitFor((await eventStore.headPosition())!, { projections: [NAME] }, 0)).reached).toBe(true);
  });

  it('projects an append whose transaction was still open when a rebuild caught up and switched in (the blue/green race)', async () => {
    const eventStore = store();
    const log = new SampleLog(eventStore, 5);
    await log.append(300);
    let hold: Promise<void> | undefined;
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const slowId = randomUUID();
    const engine = await engineOn(
      eventStore,
      {
        lifecycle: 'inline',
        // The first time the slow event is applied (inline, in its append's transaction), it waits.
        pauseOn: (event) => {
          if (event.metadata.eventId !== slowId || hold) return undefined;
          hold = new Promise<void>((resolve) => (release = resolve));
          entered();
          return hold;
        },
      },
      { batchSize: 100 },
    );
    await inline(engine);

    const { streamId, event } = sampleEvent(10_000, 5);
    const slowAppend = eventStore.append(streamId, [{ ...event, metadata: { ...event.metadata, eventId: slowId } }], { expectedRevision: 'any' });
    await inside;
    // The append holds its transaction open while a rebuild replays everything it can see and switches in.
    const [generation] = await engine.rebuild(NAME);
    await engine.waitUntilActive(NAME, generation, 3000);
    release();
    await slowAppend;

    expect(await engine.waitUntilActive(NAME, generation, 20000)).toBe(true);
    await inline(engine);
    await until(readModelMatchesLog, 20000);
    await log.append(10);
    expect(await readModelMatchesLog()).toBe(true);
  });

  it('after a restart, misses nothing at the catch-up → inline switch, after a full last page or an empty filtered page', async () => {
    // First life: asynchronous, then stopped.
    const first = store();
    const firstLog = new SampleLog(first, 5);
    const before = await engineOn(first, { lifecycle: 'inline' }, { batchSize: 50, inline: false });
    await firstLog.append(100);
    await until(readModelMatchesLog, 20000);
    await before.stop();
    // While no engine runs: exactly one more page of its events, then only events it skips.
    await firstLog.append(50);
    for (let index = 0; index < 20; index++) await first.append('member-m0', [otherEvent()], { expectedRevision: 'any' });

    // Second life: catches up from its checkpoint while a writer keeps appending across the switch.
    const second = store();
    const secondLog = new SampleLog(second, 5);
    const engine = new ProjectionEngine(pool, second, { batchSize: 50, superviseIntervalMs: 100, log: quietLog });
    engine.register(sampleMemberActivityProjection({ lifecycle: 'inline', delayMs: 2 }));
    closing.push(() => engine.stop());
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await secondLog.append(1);
        await second.append('member-m1', [otherEvent()], { expectedRevision: 'any' });
      }
    })();
    await engine.start();
    await inline(engine);
    await secondLog.append(20);
    writing = false;
    await writer;
    expect(await totalsFromReadModel(pool)).toEqual(await totalsFromLog(pool));
    // And nothing is applied twice later on.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await totalsFromReadModel(pool)).toEqual(await totalsFromLog(pool));
  });

  it('rolls the whole append back when an inline handler throws, and the same events append once the cause is gone', async () => {
    const eventStore = store();
    const log = new SampleLog(eventStore, 3);
    await log.append(30);
    let broken = true;
    const engine = await engineOn(eventStore, { lifecycle: 'inline', failOn: (event) => broken && (event.data as { memberId: string }).memberId === 'm9' });
    await inline(engine);
    const readModel = await totalsFromReadModel(pool);
    const events = async () => Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM event_store_events')).rows[0].n);
    const stored = await events();

    const { event } = sampleEvent(9, 10);
    expect(event.data).toMatchObject({ memberId: 'm9' });
    const second = sampleEvent(19, 10).event;
    const append = () => eventStore.append('member-m9', [event, second], { expectedRevision: 'any' });
    await expect(append()).rejects.toBeInstanceOf(InlineProjectionError);
    // Nothing half-written: no event, no stream, no read-model row.
    expect(await events()).toBe(stored);
    expect((await pool.query('SELECT 1 FROM event_store_streams WHERE stream_id = $1', ['member-m9'])).rowCount).toBe(0);
    expect(await totalsFromReadModel(pool)).toEqual(readModel);
    expect((await stateOf(engine))?.state).toBe('inline');

    broken = false;
    const result = await append();
    expect(result.written).toBe(true);
    expect(await events()).toBe(stored + 2);
    expect((await totalsFromReadModel(pool)).m9).toEqual({ workouts: 2, enrolments: 0 });
    // A client retry of the same events now is a no-op that answers the stored ones.
    expect((await append()).written).toBe(false);
    expect((await totalsFromReadModel(pool)).m9).toEqual({ workouts: 2, enrolments: 0 });
    expect(await readModelMatchesLog()).toBe(true);
  });

  it("rolls the whole append back when a handler's write fails in the database behind the COMMIT sent with it, and the same events append once the cause is gone (ADR 0315)", async () => {
    const eventStore = store();
    const log = new SampleLog(eventStore, 3);
    await log.append(30);
    let broken = true;
    const engine = await engineOn(eventStore, {
      lifecycle: 'inline',
      readFirst: true,
      failInDatabaseOn: (event) => broken && (event.data as { memberId: string }).memberId === 'm9',
    });
    await inline(engine);
    await log.append(1);
    const readModel = await totalsFromReadModel(pool);
    const events = async () => Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM event_store_events')).rows[0].n);
    const stored = await events();

    const { event } = sampleEvent(9, 10);
    expect(event.data).toMatchObject({ memberId: 'm9' });
    const append = () => eventStore.append('member-m9', [event], { expectedRevision: 'any' });
    const failure = await append().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InlineProjectionError);
    // The database's own refusal of the write sent with the COMMIT.
    expect(((failure as InlineProjectionError).cause as { code?: string }).code).toBe('22P02');
    expect(await events()).toBe(stored);
    expect((await pool.query('SELECT 1 FROM event_store_streams WHERE stream_id = $1', ['member-m9'])).rowCount).toBe(0);
    expect(await totalsFromReadModel(pool)).toEqual(readModel);
    expect((await stateOf(engine))?.state).toBe('inline');

    broken = false;
    expect((await append()).written).toBe(true);
    expect(await events()).toBe(stored + 1);
    expect((await totalsFromReadModel(pool)).m9).toEqual({ workouts: 1, enrolments: 0 });
    expect(await readModelMatchesLog()).toBe(true);
  });

  it('commits concurrent appends as one group; a throwing handler or a wrong expected version fails that append alone (ADR 0250)', async () => {
    const eventStore = store({ appendGroups: { maxInFlight: 1 } });
    const log = new SampleLog(eventStore, 5);
    await log.append(30);
    const engine = await engineOn(eventStore, { lifecycle: 'inline', failOn: (event) => (event.data as { memberId: string }).memberId === 'm9' });
    await inline(engine);
    const events = async (streamId: string) =>
      Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM event_store_events WHERE stream_id = $1', [streamId])).rows[0].n);
    const before = await totalsFromReadModel(pool);

    // An append kept in flight by a lock on its stream's row: the appends made meanwhile go together next.
    await eventStore.append('member-blocker', [otherEvent()], { expectedRevision: 'no-stream' });
    const holder = await pool.connect();
    await holder.query('BEGIN');
    await holder.query("SELECT 1 FROM event_store_streams WHERE stream_id = 'member-blocker' FOR UPDATE");
    const blocked = eventStore.append('member-blocker', [otherEvent()], { expectedRevision: 'any' });
    const retried = [sampleEvent(1, 10).event, sampleEvent(11, 10).event];
    const appends = [
      eventStore.append('member-m1', [sampleEvent(21, 10).event], { expectedRevision: 'any' }),
      eventStore.append('member-m9', [sampleEvent(9, 10).event, sampleEvent(19, 10).event], { expectedRevision: 'any' }),
      eventStore.append('member-m2', [sampleEvent(22, 10).event], { expectedRevision: 'no-stream' }),
      eventStore.append('member-m3', [sampleEvent(23, 10).event], { expectedRevision: 'any' }),
      eventStore.append('member-m1', retried, { expectedRevision: 'any' }),
      eventStore.append('member-m1', retried, { expectedRevision: 'any' }),
    ];
    const settled = Promise.allSettled(appends);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await holder.query('COMMIT');
    holder.release();
    await blocked;
    const [m1, m9, m2, m3, retry, again] = await settled;

    expect((m9 as PromiseRejectedResult).reason).toBeInstanceOf(InlineProjectionError);
    expect((m2 as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
    const committed = [m1, m3, retry, again].map((outcome) => (outcome as PromiseFulfilledResult<AppendResult>).value);
    // The throwing handler failed the group's transaction (ADR 0266): each append then went alone, with its own result.
    expect(committed.slice(0, 3).every((result) => result.inline?.includes(NAME))).toBe(true);
    expect(committed.map((result) => result.written)).toEqual([true, true, true, false]);
    expect(committed[3].position).toBe(committed[2].position);
    expect(committed[2].nextExpectedRevision).toBe(committed[0].nextExpectedRevision + 2n);
    // The failed ones left nothing: no events, no read-model rows; the others are in the read model at once.
    expect(await events('member-m9')).toBe(0);
    const after = await totalsFromReadModel(pool);
    expect(after.m9).toEqual(before.m9);
    expect(after.m2).toEqual(before.m2);
    expect(after.m1.workouts + after.m1.enrolments).toBe(before.m1.workouts + before.m1.enrolments + 3);
    expect(after.m3.workouts + after.m3.enrolments).toBe(before.m3.workouts + before.m3.enrolments + 1);
    expect(await readModelMatchesLog()).toBe(true);
    expect((await stateOf(engine))?.state).toBe('inline');
  });

  it("sends the BEGIN, the lock and the append together, then the handlers' reads, then their writes with the COMMIT; after a rebuild switches another generation in, the next append writes into it (ADR 0315)", async () => {
    const eventStore = store();
    const log = new SampleLog(eventStore, 5);
    await log.append(60);
    const engine = await engineOn(eventStore, { lifecycle: 'inline', readFirst: true });
    await inline(engine);

    // What is sent, and when each of the statements under watch answers.
    const trace: string[] = [];
    const originalQuery = Client.prototype.query;
    Client.prototype.query = function (this: Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      const text = typeof first === 'string' ? first : (first?.text ?? '');
      const kind =
        text === 'BEGIN'
          ? 'begin'
          : text.startsWith('SELECT pg_advisory_xact_lock_shared')
            ? 'lock'
            : text.includes('event_store_append(')
              ? 'append'
              : /INSERT INTO \S*sample_member_totals/.test(text)
                ? 'totals'
                : /^SELECT \* FROM \S*sample_member_totals/.test(text)
                  ? 'read'
                  : text === 'COMMIT' || text === 'ROLLBACK'
                    ? text
                    : undefined;
      const sent = (originalQuery as (...values: unknown[]) => unknown).apply(this, args);
      if (kind) {
        trace.push(`sent ${kind}`);
        if (sent instanceof Promise)
          sent.then(
            () => trace.push(`answered ${kind}`),
            () => trace.push(`failed ${kind}`),
          );
      }
      return sent;
    } as typeof originalQuery;
    const sent = () => trace.filter((entry) => entry.startsWith('sent '));
    try {
      await log.append(1);
      // Three round trips: the BEGIN, the lock and the append; the handler's read; its write with the COMMIT.
      expect(trace).toEqual([
        'sent begin',
        'sent lock',
        'sent append',
        'answered begin',
        'answered lock',
        'answered append',
        'sent read',
        'answered read',
        'sent totals',
        'sent COMMIT',
        'answered totals',
        'answered COMMIT',
      ]);
      expect(await readModelMatchesLog()).toBe(true);

      // A rebuild switches another generation in: the next append finds it under the lock and writes into it, in one pass.
      const [generation] = await engine.rebuild(NAME);
      expect(await engine.waitUntilActive(NAME, generation, 20000)).toBe(true);
      await until(async () => {
        const state = await stateOf(engine);
        return state?.state === 'inline' && state.generation === generation;
      }, 20000);
      trace.length = 0;
      const { streamId, event } = sampleEvent(777, 5);
      const result = await eventStore.append(streamId, [event], { expectedRevision: 'any' });
      expect(sent()).toEqual(['sent begin', 'sent lock', 'sent append', 'sent read', 'sent totals', 'sent COMMIT']);
      expect(result.inline).toContain(NAME);
      expect(await readModelMatchesLog()).toBe(true);
    } finally {
      Client.prototype.query = originalQuery;
    }
  });

  it('appends a group in one statement and projects all its events at once, in one transaction; a wrong expected version fails that append alone (ADR 0266)', async () => {
    const eventStore = store({ appendGroups: { maxInFlight: 1 } });
    const log = new SampleLog(eventStore, 5);
    await log.append(30);
    const engine = await engineOn(eventStore, { lifecycle: 'inline' });
    await inline(engine);
    const before = await totalsFromReadModel(pool);

    // Every statement sent, to count the appends and the handler's passes.
    const statements: string[] = [];
    const originalQuery = Client.prototype.query;
    Client.prototype.query = function (this: Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      statements.push(typeof first === 'string' ? first : (first?.text ?? ''));
      return (originalQuery as (...values: unknown[]) => unknown).apply(this, args);
    } as typeof originalQuery;
    try {
      await eventStore.append('member-blocker', [otherEvent()], { expectedRevision: 'no-stream' });
      const holder = await pool.connect();
      await holder.query('BEGIN');
      await holder.query("SELECT 1 FROM event_store_streams WHERE stream_id = 'member-blocker' FOR UPDATE");
      const blocked = eventStore.append('member-blocker', [otherEvent()], { expectedRevision: 'any' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      statements.length = 0;
      const appends = [
        eventStore.append('member-m1', [sampleEvent(21, 10).event], { expectedRevision: 'any' }),
        eventStore.append('member-m2', [sampleEvent(22, 10).event], { expectedRevision: 'no-stream' }),
        eventStore.append('member-m3', [sampleEvent(23, 10).event, sampleEvent(33, 10).event], { expectedRevision: 'any' }),
        eventStore.append('member-m4', [sampleEvent(24, 10).event], { expectedRevision: 'any' }),
      ];
      const settled = Promise.allSettled(appends);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await holder.query('COMMIT');
      holder.release();
      await blocked;
      const [m1, m2, m3, m4] = await settled;

      expect((m2 as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
      const committed = [m1, m3, m4].map((outcome) => (outcome as PromiseFulfilledResult<AppendResult>).value);
      expect(new Set(committed.map((result) => result.position.split('-')[0])).size).toBe(1);
      expect(committed.every((result) => result.written && result.inline?.includes(NAME))).toBe(true);
      // One pass: the group's appends in one statement (the wrong one refused by its own subtransaction), and the
      // handler wrote its totals once for all the others.
      const grouped = statements.findIndex((text) => text.includes('event_store_append_group('));
      const committedPass = statements.slice(grouped, statements.indexOf('COMMIT', grouped));
      expect(statements).not.toContain('ROLLBACK');
      expect(statements.filter((text) => text.includes('event_store_append_group(')).length).toBe(1);
      expect(statements.filter((text) => text.includes('event_store_append(')).length).toBe(0);
      expect(committedPass.filter((text) => /INSERT INTO \S*sample_member_totals/.test(text)).length).toBe(1);
      const after = await totalsFromReadModel(pool);
      expect(after.m2).toEqual(before.m2);
      for (const [member, added] of [
        ['m1', 1],
        ['m3', 2],
        ['m4', 1],
      ] as const) {
        expect(after[member].workouts + after[member].enrolments).toBe(before[member].workouts + before[member].enrolments + added);
      }
      expect(await readModelMatchesLog()).toBe(true);
    } finally {
      Client.prototype.query = originalQuery;
    }
  });
});

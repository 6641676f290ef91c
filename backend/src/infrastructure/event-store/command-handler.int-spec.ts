import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import type { Decider } from '../../shared/decider';
import { DomainError } from '../../shared/domain-error';
import { CommandEnvelope, deriveEventId, handleCommand, StreamStateCache } from './command-handler';
import { EventStore, ReadStreamOptions, WrongExpectedVersionError } from './event-store.port';
import { PostgresEventStore } from './postgres/postgres-event-store';

type CounterEvent = { type: 'Incremented'; data: { by: number } } | { type: 'LimitReached'; data: { at: number } };
type CounterCommand = { type: 'Increment'; by: number };
interface CounterState {
  value: number;
  closed: boolean;
}

const counter: Decider<CounterCommand, CounterEvent, CounterState> = {
  initialState: () => ({ value: 0, closed: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'Incremented':
        return { ...state, value: state.value + event.data.by };
      case 'LimitReached':
        return { ...state, closed: true };
    }
  },
  decide: (command, state) => {
    if (state.closed) throw new DomainError('conflict', 'El contador ya llegó a su límite.');
    if (command.by === 0) return [];
    const next = state.value + command.by;
    return next >= 100
      ? [
          { type: 'Incremented', data: { by: command.by } },
          { type: 'LimitReached', data: { at: next } },
        ]
      : [{ type: 'Incremented', data: { by: command.by } }];
  },
};

const envelope = (commandId = randomUUID()): CommandEnvelope => ({
  commandId,
  actor: { userId: 'u1', role: 'member' },
  occurredAt: '2026-11-22T12:00:00.000Z',
});

let database: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;

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

describe('handleCommand', () => {
  it('loads, decides, appends with metadata from the envelope and answers with the position to wait on', async () => {
    const stream = `counter-${randomUUID()}`;
    const command = envelope();
    const result = await handleCommand(store, counter, stream, { type: 'Increment', by: 99 }, command);
    expect(result).toMatchObject({
      state: { value: 99, closed: false },
      nextExpectedRevision: 0n,
      replayed: false,
      events: [{ type: 'Incremented', data: { by: 99 } }],
    });
    expect(result.position).toBe((await store.readStream(stream))[0].position);

    const limit = await handleCommand(store, counter, stream, { type: 'Increment', by: 1 }, envelope());
    expect(limit.state).toEqual({ value: 100, closed: true });
    const events = await store.readStream(stream);
    expect(events.map((event) => event.type)).toEqual(['Incremented', 'Incremented', 'LimitReached']);
    expect(events[0].metadata).toEqual({
      eventId: deriveEventId(command.commandId, 0),
      correlationId: command.commandId,
      causationId: command.commandId,
      actor: { userId: 'u1', role: 'member' },
      occurredAt: '2026-11-22T12:00:00.000Z',
      schemaVersion: 1,
    });
    await expect(handleCommand(store, counter, stream, { type: 'Increment', by: 1 }, envelope())).rejects.toMatchObject({ code: 'conflict' });
  });

  it('answers a retried command (same id) with the events it stored instead of deciding again', async () => {
    const stream = `counter-${randomUUID()}`;
    const command = { ...envelope(), fingerprint: 'first-request' };
    const first = await handleCommand(store, counter, stream, { type: 'Increment', by: 99 }, command);
    await handleCommand(store, counter, stream, { type: 'Increment', by: 0 }, envelope());
    const retry = await handleCommand(store, counter, stream, { type: 'Increment', by: 98 }, { ...command, fingerprint: 'another-request' });
    expect(retry).toMatchObject({
      replayed: true,
      position: first.position,
      events: [{ type: 'Incremented', data: { by: 99 } }],
      fingerprint: 'first-request',
    });
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('answers with the stored events when the same command lands first while this one is deciding', async () => {
    const stream = `counter-${randomUUID()}`;
    const command = envelope();
    const first = await handleCommand(store, counter, stream, { type: 'Increment', by: 5 }, command);
    // The concurrent request read the stream before the first one committed, then decided differently.
    const stale = Object.create(store) as EventStore;
    let reads = 0;
    stale.readStream = async (streamId, options) => (reads++ === 0 ? [] : store.readStream(streamId, options));
    const late = await handleCommand(stale, counter, stream, { type: 'Increment', by: 7 }, command);
    expect(late).toMatchObject({
      replayed: true,
      position: first.position,
      events: [{ type: 'Incremented', data: { by: 5 } }],
      state: { value: 5, closed: false },
    });
    expect((await store.readStream(stream)).map((event) => event.data)).toEqual([{ by: 5 }]);
  });

  it('writes nothing when the decider decides nothing', async () => {
    const stream = `counter-${randomUUID()}`;
    const result = await handleCommand(store, counter, stream, { type: 'Increment', by: 0 }, envelope());
    expect(result).toEqual({ state: { value: 0, closed: false }, events: [], replayed: false });
    expect(await store.readStream(stream)).toEqual([]);
  });

  it('retries on concurrent writers so every command lands exactly once', async () => {
    const stream = `counter-${randomUUID()}`;
    await Promise.all(Array.from({ length: 6 }, () => handleCommand(store, counter, stream, { type: 'Increment', by: 1 }, envelope(), { maxAttempts: 20 })));
    const events = await store.readStream(stream);
    expect(events.map((event) => event.revision)).toEqual([0n, 1n, 2n, 3n, 4n, 5n]);
  });

  it('gives up after the bounded attempts with a conflict DomainError', async () => {
    const conflicting = Object.create(store) as EventStore;
    let appends = 0;
    conflicting.append = async (streamId) => {
      appends++;
      throw new WrongExpectedVersionError(streamId, 'no-stream', 0n);
    };
    const error = await handleCommand(conflicting, counter, `counter-${randomUUID()}`, { type: 'Increment', by: 1 }, envelope(), { maxAttempts: 3 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'conflict' });
    expect(appends).toBe(3);
  });
});

type DoorEvent = { type: 'Opened'; data: Record<string, never> } | { type: 'Entered'; data: { who: string } };
type DoorCommand = { type: 'Open' } | { type: 'Enter'; who: string };
const door: Decider<DoorCommand, DoorEvent, { open: boolean; inside: number }> = {
  initialState: () => ({ open: false, inside: 0 }),
  evolve: (state, event) => (event.type === 'Opened' ? { ...state, open: true } : { ...state, inside: state.inside + 1 }),
  decide: (command, state) => {
    if (command.type === 'Open') return state.open ? [] : [{ type: 'Opened', data: {} }];
    if (!state.open) throw new DomainError('conflict', 'La puerta está cerrada.');
    return [{ type: 'Entered', data: { who: command.who } }];
  },
};

/** The store as one process sees it, recording every stream read it makes. */
function watched(): { store: EventStore; reads: Array<ReadStreamOptions | undefined> } {
  const reads: Array<ReadStreamOptions | undefined> = [];
  const view = Object.create(store) as EventStore;
  view.readStream = (streamId, options) => {
    reads.push(options);
    return store.readStream(streamId, options);
  };
  return { store: view, reads };
}

describe('handleCommand with a stream state cache', () => {
  it('decides from the cached fold without reading the stream again', async () => {
    const stream = `counter-${randomUUID()}`;
    const cache = new StreamStateCache<{ value: number; closed: boolean }>();
    const { store: view, reads } = watched();
    await handleCommand(view, counter, stream, { type: 'Increment', by: 2 }, envelope(), { cache });
    expect(reads).toEqual([undefined]);
    const second = await handleCommand(view, counter, stream, { type: 'Increment', by: 3 }, envelope(), { cache });
    expect(second).toMatchObject({ state: { value: 5 }, nextExpectedRevision: 1n, lastRevision: 1n });
    expect(reads).toHaveLength(1);
    expect(cache.get(stream)).toMatchObject({ state: { value: 5 }, revision: 1n });
  });

  it('after another process appended, folds only the events after the cached revision and counts nothing twice', async () => {
    const stream = `counter-${randomUUID()}`;
    const cache = new StreamStateCache<{ value: number; closed: boolean }>();
    const { store: view, reads } = watched();
    await handleCommand(view, counter, stream, { type: 'Increment', by: 1 }, envelope(), { cache });
    // Another process (no shared cache) writes twice meanwhile.
    await handleCommand(store, counter, stream, { type: 'Increment', by: 10 }, envelope());
    await handleCommand(store, counter, stream, { type: 'Increment', by: 20 }, envelope());

    const result = await handleCommand(view, counter, stream, { type: 'Increment', by: 1 }, envelope(), { cache });
    expect(result).toMatchObject({ state: { value: 32 }, nextExpectedRevision: 3n, replayed: false });
    expect(reads).toEqual([undefined, { fromRevision: 1n }]);
    expect((await store.readStream(stream)).map((event) => event.data)).toEqual([{ by: 1 }, { by: 10 }, { by: 20 }, { by: 1 }]);
  });

  it('answers a retry whose first attempt another process wrote after the cached revision as a replay', async () => {
    const stream = `counter-${randomUUID()}`;
    const cache = new StreamStateCache<{ value: number; closed: boolean }>();
    await handleCommand(store, counter, stream, { type: 'Increment', by: 1 }, envelope(), { cache });
    const command = envelope();
    const first = await handleCommand(store, counter, stream, { type: 'Increment', by: 4 }, command);
    const retry = await handleCommand(store, counter, stream, { type: 'Increment', by: 4 }, command, { cache });
    expect(retry).toMatchObject({ replayed: true, position: first.position, lastRevision: 1n, events: [{ type: 'Incremented', data: { by: 4 } }] });
    // And again, now that the cache knows where it is: still once.
    expect(await handleCommand(store, counter, stream, { type: 'Increment', by: 4 }, command, { cache })).toMatchObject({ replayed: true });
    expect(await store.readStream(stream)).toHaveLength(2);
  });

  it('re-checks a refusal or a no-op decided on a cached state before answering it', async () => {
    const stream = `door-${randomUUID()}`;
    const cache = new StreamStateCache<{ open: boolean; inside: number }>();
    await expect(handleCommand(store, door, stream, { type: 'Enter', who: 'ana' }, envelope(), { cache })).rejects.toMatchObject({ code: 'conflict' });
    await handleCommand(store, door, stream, { type: 'Open' }, envelope(), { cache });
    await handleCommand(store, door, stream, { type: 'Enter', who: 'ana' }, envelope(), { cache });
    expect(cache.get(stream)?.state).toEqual({ open: true, inside: 1 });

    const other = `door-${randomUUID()}`;
    await expect(handleCommand(store, door, other, { type: 'Enter', who: 'luis' }, envelope(), { cache })).rejects.toMatchObject({ code: 'conflict' });
    await handleCommand(store, door, other, { type: 'Open' }, envelope()); // another process opens it
    const entered = await handleCommand(store, door, other, { type: 'Enter', who: 'luis' }, envelope(), { cache });
    expect(entered).toMatchObject({ state: { open: true, inside: 1 }, nextExpectedRevision: 1n });

    const third = `door-${randomUUID()}`;
    await handleCommand(store, door, third, { type: 'Enter', who: 'x' }, envelope(), { cache }).catch(() => undefined);
    await handleCommand(store, door, third, { type: 'Open' }, envelope());
    // Decided on the cached closed state, Open conflicts on append; folded up to now it is a no-op: no second Opened.
    const again = await handleCommand(store, door, third, { type: 'Open' }, envelope(), { cache });
    expect(again).toMatchObject({ events: [], state: { open: true } });
    expect(await store.readStream(third)).toHaveLength(1);
  });

  it('keeps every command exactly once when cached and uncached writers race on one stream', async () => {
    const stream = `counter-${randomUUID()}`;
    const cache = new StreamStateCache<{ value: number; closed: boolean }>();
    const commands = Array.from({ length: 12 }, () => envelope());
    // Each command is sent twice, once through the cache and once by "another process".
    await Promise.all(
      commands.flatMap((command) => [
        handleCommand(store, counter, stream, { type: 'Increment', by: 1 }, command, { cache, maxAttempts: 40 }),
        handleCommand(store, counter, stream, { type: 'Increment', by: 1 }, command, { maxAttempts: 40 }),
      ]),
    );
    const events = await store.readStream(stream);
    expect(events.map((event) => event.revision)).toEqual(Array.from({ length: 12 }, (_, index) => BigInt(index)));
    expect(new Set(events.map((event) => event.metadata.eventId))).toEqual(new Set(commands.map((command) => deriveEventId(command.commandId, 0))));
    const next = await handleCommand(store, counter, stream, { type: 'Increment', by: 1 }, envelope(), { cache });
    expect(next.state.value).toBe(13);
  });

  it('forgets the least recently used streams beyond its size', async () => {
    const cache = new StreamStateCache<{ value: number; closed: boolean }>(2);
    const streams = [0, 1, 2].map(() => `counter-${randomUUID()}`);
    for (const stream of streams) await handleCommand(store, counter, stream, { type: 'Increment', by: 1 }, envelope(), { cache });
    expect(cache.size).toBe(2);
    expect(cache.get(streams[0])).toBeUndefined();
    expect(cache.get(streams[2])?.state.value).toBe(1);
  });
});

import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import type { Decider } from '../../shared/decider';
import { DomainError } from '../../shared/domain-error';
import { CommandEnvelope, deriveEventId, handleCommand } from './command-handler';
import { EventStore, WrongExpectedVersionError } from './event-store.port';
import { PostgresEventStore } from './postgres-event-store';
import { trackWrites, Written } from './written-positions';

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
    return next >= 100 ? [{ type: 'Incremented', data: { by: command.by } }, { type: 'LimitReached', data: { at: next } }] : [{ type: 'Incremented', data: { by: command.by } }];
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
  it('loads, decides, appends with metadata from the envelope and records the write for read-your-writes', async () => {
    const stream = `counter-${randomUUID()}`;
    const written: Written[] = [];
    const command = envelope();
    const result = await trackWrites(written, () => handleCommand(store, counter, stream, { type: 'Increment', by: 99 }, command));
    expect(result).toMatchObject({ state: { value: 99, closed: false }, nextExpectedRevision: 0n, replayed: false });
    expect(written).toEqual([{ position: result.position, eventTypes: ['Incremented'] }]);

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

  it('answers a retried command (same id) with the first outcome instead of deciding again', async () => {
    const stream = `counter-${randomUUID()}`;
    const command = envelope();
    const first = await handleCommand(store, counter, stream, { type: 'Increment', by: 99 }, command);
    await handleCommand(store, counter, stream, { type: 'Increment', by: 0 }, envelope());
    const written: Written[] = [];
    const retry = await trackWrites(written, () => handleCommand(store, counter, stream, { type: 'Increment', by: 99 }, command));
    expect(retry).toMatchObject({ replayed: true, position: first.position, events: [] });
    expect(written).toEqual([{ position: first.position, eventTypes: ['Incremented'] }]);
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
    const written: Written[] = [];
    const late = await trackWrites(written, () => handleCommand(stale, counter, stream, { type: 'Increment', by: 7 }, command));
    expect(late).toMatchObject({ replayed: true, position: first.position, events: [], state: { value: 5, closed: false } });
    expect(written).toEqual([{ position: first.position, eventTypes: ['Incremented'] }]);
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

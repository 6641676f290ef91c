import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { EventStore, EventSubscription, ExpectedRevision, NewEvent, RecordedEvent, WrongExpectedVersionError } from './event-store.port';
import type { Upcasters } from './upcasters';

/**
 * The behaviour every EventStore adapter must show, run by
 * postgres-event-store.int-spec.ts and esdb-event-store.int-spec.ts. Streams get a
 * per-run prefix, so the suite also runs against a store that holds other data.
 * Jest's globals are imported because this file is not a spec: the build compiles it.
 */
export interface ContractHarness {
  store: EventStore;
  /**
   * Appends while holding the write transaction open for `delayMs` before it
   * commits, when the adapter can (PostgreSQL); otherwise waits, then appends.
   */
  slowAppend(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision, delayMs: number): Promise<void>;
  close(): Promise<void>;
}

export function contractEvent(type: string, data: Record<string, unknown> = {}, schemaVersion = 1): NewEvent {
  return {
    type,
    data,
    metadata: {
      eventId: randomUUID(),
      correlationId: randomUUID(),
      causationId: randomUUID(),
      actor: { userId: 'user-1', role: 'member' },
      occurredAt: new Date().toISOString(),
      schemaVersion,
    },
  };
}

/** Collects events from a subscription until `done` says so or the time runs out. */
export async function collect(
  subscription: EventSubscription,
  keep: (event: RecordedEvent) => boolean,
  done: (events: RecordedEvent[]) => boolean,
  timeoutMs: number,
): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  const timer = setTimeout(() => void subscription.close(), timeoutMs);
  try {
    for await (const event of subscription) {
      if (keep(event)) events.push(event);
      if (done(events)) break;
    }
  } finally {
    clearTimeout(timer);
    await subscription.close();
  }
  return events;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readAllOnce(store: EventStore, prefix: string, after?: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll({ after, maxCount: 500 });
    if (page.length === 0) return events;
    events.push(...page.filter((event) => event.streamId.startsWith(prefix)));
    after = page[page.length - 1].position;
  }
}

/**
 * The global log of the run's streams once it holds `expected` events. A reader may lag a
 * committed append while an older transaction is still open (on PostgreSQL, anywhere in the
 * cluster): it must never skip, so it waits instead.
 */
async function readAllOf(store: EventStore, prefix: string, after: string | undefined, expected: number): Promise<RecordedEvent[]> {
  const deadline = Date.now() + 10000;
  for (;;) {
    const events = await readAllOnce(store, prefix, after);
    if (events.length >= expected || Date.now() > deadline) return events;
    await sleep(20);
  }
}

/** A rename at version 1 and a second step at 2, for the upcasting case: the harness builds its store with them. */
const CONTRACT_UPCASTERS: Upcasters = {
  'ContractRenamed@1': (data) => {
    const { name, ...rest } = data as { name: string };
    return { ...rest, fullName: name };
  },
  'ContractRenamed@2': (data) => ({ ...(data as object), upcastTwice: true }),
};

export function describeEventStoreContract(adapterName: string, createHarness: (upcasters: Upcasters) => Promise<ContractHarness>): void {
  describe(`EventStore contract: ${adapterName}`, () => {
    let harness: ContractHarness;
    let store: EventStore;
    const run = randomUUID().slice(0, 8);
    let counter = 0;
    const stream = (name = 'member') => `${name}${run}x${++counter}-${randomUUID().slice(0, 6)}`;

    beforeAll(async () => {
      harness = await createHarness(CONTRACT_UPCASTERS);
      store = harness.store;
    });

    afterAll(async () => {
      await harness?.close();
    });

    it('appends to a new stream and reads it forwards and backwards from a revision', async () => {
      const id = stream();
      const first = await store.append(id, [contractEvent('A', { n: 0 }), contractEvent('B', { n: 1 })], { expectedRevision: 'no-stream' });
      expect(first.nextExpectedRevision).toBe(1n);
      const second = await store.append(id, [contractEvent('C', { n: 2 })], { expectedRevision: 1n });
      expect(second.nextExpectedRevision).toBe(2n);
      expect(store.comparePositions(second.position, first.position)).toBeGreaterThan(0);

      const forwards = await store.readStream(id);
      expect(forwards.map((event) => [event.type, event.revision, event.data])).toEqual([
        ['A', 0n, { n: 0 }],
        ['B', 1n, { n: 1 }],
        ['C', 2n, { n: 2 }],
      ]);
      expect(forwards[2].position).toBe(second.position);
      expect(forwards.every((event) => event.streamId === id)).toBe(true);
      expect(forwards[0].metadata).toEqual(expect.objectContaining({ actor: { userId: 'user-1', role: 'member' }, schemaVersion: 1 }));

      expect((await store.readStream(id, { fromRevision: 1n })).map((event) => event.type)).toEqual(['B', 'C']);
      // A command handler catching up from its cached revision reads past the end when nothing is new.
      expect(await store.readStream(id, { fromRevision: 3n })).toEqual([]);
      expect(await store.readStream(stream('missing'), { fromRevision: 0n })).toEqual([]);
      expect((await store.readStream(id, { direction: 'backwards' })).map((event) => event.type)).toEqual(['C', 'B', 'A']);
      expect((await store.readStream(id, { direction: 'backwards', fromRevision: 1n, maxCount: 1 })).map((event) => event.type)).toEqual(['B']);
      expect(await store.readStream(stream('missing'))).toEqual([]);
    });

    it('rejects a wrong expected revision with the expected and the actual revision', async () => {
      const id = stream();
      await store.append(id, [contractEvent('A'), contractEvent('B')], { expectedRevision: 'no-stream' });

      const conflicts: [ExpectedRevision, bigint | 'no-stream'][] = [
        ['no-stream', 1n],
        [0n, 1n],
        [5n, 1n],
      ];
      for (const [expected, actual] of conflicts) {
        const error = await store.append(id, [contractEvent('X')], { expectedRevision: expected }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedVersionError);
        expect(error).toMatchObject({ streamId: id, expected, actual });
      }
      const missing = stream();
      const error = await store.append(missing, [contractEvent('X')], { expectedRevision: 'stream-exists' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'WrongExpectedVersionError', actual: 'no-stream' });
      const wrongOnMissing = await store.append(missing, [contractEvent('X')], { expectedRevision: 0n }).catch((e: unknown) => e);
      expect(wrongOnMissing).toMatchObject({ name: 'WrongExpectedVersionError', actual: 'no-stream' });

      expect((await store.append(id, [contractEvent('C')], { expectedRevision: 'stream-exists' })).nextExpectedRevision).toBe(2n);
      expect((await store.append(id, [contractEvent('D')], { expectedRevision: 'any' })).nextExpectedRevision).toBe(3n);
      expect((await store.append(missing, [contractEvent('E')], { expectedRevision: 'any' })).nextExpectedRevision).toBe(0n);
      expect((await store.readStream(id)).map((event) => event.type)).toEqual(['A', 'B', 'C', 'D']);
    });

    it('treats re-appending the same event ids as a successful no-op', async () => {
      const id = stream();
      const events = [contractEvent('A'), contractEvent('B')];
      const first = await store.append(id, events, { expectedRevision: 'no-stream' });
      const retry = await store.append(id, events, { expectedRevision: 'no-stream' });
      expect(retry.nextExpectedRevision).toBe(first.nextExpectedRevision);
      expect(retry.position).toBe(first.position);
      expect(await store.readStream(id)).toHaveLength(2);

      const next = contractEvent('C');
      await store.append(id, [next], { expectedRevision: 1n });
      await store.append(id, [next], { expectedRevision: 1n });
      expect((await store.readStream(id)).map((event) => event.type)).toEqual(['A', 'B', 'C']);
    });

    it("answers a retry with the stored events, not the retry's, even after the stream moved on", async () => {
      const id = stream();
      const original = [contractEvent('A', { attempt: 1 }), contractEvent('B', { attempt: 1 })];
      const first = await store.append(id, original, { expectedRevision: 'no-stream' });
      expect(first.written).toBe(true);
      const later = await store.append(id, [contractEvent('C')], { expectedRevision: 1n });
      // Same ids, other content: a client that rebuilt its request before retrying.
      const retried = original.map((event) => ({ ...event, data: { attempt: 2 } }));
      const retry = await store.append(id, retried, { expectedRevision: 'no-stream' });
      expect(retry.written).toBe(false);
      expect(retry.nextExpectedRevision).toBe(1n);
      expect(retry.position).toBe(first.position);
      expect(store.comparePositions(retry.position, later.position)).toBeLessThan(0);
      expect(retry.stored?.map((event) => [event.type, event.revision, event.data, event.metadata.eventId, event.position])).toEqual([
        ['A', 0n, { attempt: 1 }, original[0].metadata.eventId, expect.any(String)],
        ['B', 1n, { attempt: 1 }, original[1].metadata.eventId, first.position],
      ]);
      expect((await store.readStream(id)).map((event) => event.data)).toEqual([{ attempt: 1 }, { attempt: 1 }, {}]);
    });

    it('reads the global log in commit order and resumes after a position', async () => {
      const prefix = `order${run}x${++counter}-`;
      const a = `${prefix}a`;
      const b = `${prefix}b`;
      const positions: string[] = [];
      for (let i = 0; i < 6; i++) {
        const target = i % 2 === 0 ? a : b;
        const result = await store.append(target, [contractEvent('Ordered', { i })], { expectedRevision: 'any' });
        positions.push(result.position);
      }
      const all = await readAllOf(store, prefix, undefined, 6);
      expect(all.map((event) => (event.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(all.map((event) => event.position)).toEqual(positions);
      const sorted = [...all.map((event) => event.position)].sort((x, y) => store.comparePositions(x, y));
      expect(sorted).toEqual(positions);

      const rest = await readAllOf(store, prefix, positions[2], 3);
      expect(rest.map((event) => (event.data as { i: number }).i)).toEqual([3, 4, 5]);

      const filtered = (await store.readAll({ after: positions[0], eventTypes: ['Ordered'], maxCount: 1000 })).filter((event) =>
        event.streamId.startsWith(prefix),
      );
      expect(filtered.map((event) => (event.data as { i: number }).i)).toEqual([1, 2, 3, 4, 5]);
      expect(store.comparePositions(await store.headPosition(), positions[5])).toBeGreaterThanOrEqual(0);
    });

    it('subscribes after a position, catches up, then delivers live events within milliseconds', async () => {
      const prefix = `live${run}x${++counter}-`;
      const id = `${prefix}s`;
      const before = await store.append(id, [contractEvent('Before', { i: 0 })], { expectedRevision: 'no-stream' });
      await store.append(id, [contractEvent('Before', { i: 1 })], { expectedRevision: 0n });

      const subscription = store.subscribeToAll({ after: before.position });
      const received: { i: number; at: number }[] = [];
      let appendedAt = 0;
      const collecting = collect(
        subscription,
        (event) => event.streamId.startsWith(prefix),
        (events) => {
          const last = events[events.length - 1];
          received.push({ i: (last.data as { i: number }).i, at: Date.now() });
          return events.length === 2;
        },
        10000,
      );
      await sleep(200);
      await store.append(id, [contractEvent('Live', { i: 2 })], { expectedRevision: 1n });
      // From the append's answer, not its start: a commit slowed by a busy disk is not the subscription's delay.
      appendedAt = Date.now();
      const events = await collecting;
      expect(events.map((event) => (event.data as { i: number }).i)).toEqual([1, 2]);
      // Caught-up event 1 came before the append; the live one arrived promptly after it (a wake-up,
      // well before any idle re-read), if not already while the append was answering.
      expect(received.length).toBe(2);
      expect(received[1].at - appendedAt).toBeLessThan(1000);
    });

    it('filters a subscription by event type', async () => {
      const prefix = `filter${run}x${++counter}-`;
      const head = await store.headPosition();
      await store.append(`${prefix}s`, [contractEvent('Wanted', { i: 0 }), contractEvent('Unwanted'), contractEvent('Wanted', { i: 1 })], {
        expectedRevision: 'no-stream',
      });
      const events = await collect(
        store.subscribeToAll({ after: head, eventTypes: ['Wanted'] }),
        (event) => event.streamId.startsWith(prefix),
        (list) => list.length === 2,
        10000,
      );
      expect(events.map((event) => event.type)).toEqual(['Wanted', 'Wanted']);
    });

    it('upcasts old event versions on every read path', async () => {
      const id = stream();
      await store.append(id, [contractEvent('ContractRenamed', { name: 'Ana' }, 1), contractEvent('ContractRenamed', { fullName: 'Eva' }, 3)], {
        expectedRevision: 'no-stream',
      });
      const [old, current] = await store.readStream(id);
      expect(old.data).toEqual({ fullName: 'Ana', upcastTwice: true });
      expect(old.metadata.schemaVersion).toBe(3);
      expect(current.data).toEqual({ fullName: 'Eva' });
      const fromAll = (await readAllOf(store, id, undefined, 2)).filter((event) => event.streamId === id);
      expect(fromAll[0].data).toEqual({ fullName: 'Ana', upcastTwice: true });
    });

    it('delivers every event exactly once and in stream order to a live subscriber while 8 writers race', async () => {
      const prefix = `race${run}x${++counter}-`;
      const writers = 8;
      const appendsPerWriter = 25;
      const streamsPerWriter = 3;
      const head = await store.headPosition();
      let expected = 0;
      const subscription = store.subscribeToAll({ after: head });
      let total = Number.POSITIVE_INFINITY;
      const collecting = collect(
        subscription,
        (event) => event.streamId.startsWith(prefix),
        (events) => events.length >= total,
        60000,
      );

      const writer = async (w: number) => {
        const revisions = new Map<string, bigint>();
        for (let i = 0; i < appendsPerWriter; i++) {
          const id = `${prefix}w${w}s${i % streamsPerWriter}`;
          const size = 1 + (i % 3 === 0 ? 2 : 0);
          const batch = Array.from({ length: size }, (_, k) => contractEvent('Raced', { w, i, k }));
          const previous = revisions.get(id);
          await harness.slowAppend(id, batch, previous === undefined ? 'no-stream' : previous, Math.floor(Math.random() * 15));
          revisions.set(id, (previous ?? -1n) + BigInt(size));
          expected += size;
        }
      };
      await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
      // One more event, so the collector re-checks its count even if it already holds every raced one.
      total = expected + 1;
      await store.append(`${prefix}end`, [contractEvent('RaceEnded')], { expectedRevision: 'no-stream' });
      const events = await collecting;

      expect(events).toHaveLength(expected + 1);
      expect(new Set(events.map((event) => event.metadata.eventId)).size).toBe(events.length);
      for (let i = 1; i < events.length; i++) expect(store.comparePositions(events[i - 1].position, events[i].position)).toBeLessThan(0);
      const byStream = new Map<string, bigint[]>();
      for (const event of events) byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event.revision]);
      for (const [id, revisions] of byStream) {
        expect(revisions).toEqual(revisions.map((_, index) => BigInt(index)));
        expect((await store.readStream(id)).map((event) => event.revision)).toEqual(revisions);
      }
      const logged = await readAllOf(store, prefix, head, events.length);
      expect(logged.map((event) => event.metadata.eventId)).toEqual(events.map((event) => event.metadata.eventId));
    }, 90000);
  });
}

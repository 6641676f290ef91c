import type { INestApplication, Type } from '@nestjs/common';
import type { IEventHandler } from '@nestjs/cqrs';
import request from 'supertest';
import { ProjectionEngine } from '../../src/infrastructure/projections/projection-engine';

export interface EventuallyOptions {
  /** How long the condition may take (15 s: well inside jest's 30-s test timeout). */
  timeoutMs?: number;
  /** The pause between two tries. */
  intervalMs?: number;
}

/**
 * Tries `probe` until it passes, and returns what it returned: it passes when it neither throws
 * nor rejects, so it holds its own `expect`s. Past the deadline the last failure is thrown, so a
 * test that never gets there fails on its real assertion, not on a timeout.
 */
export async function eventually<T>(probe: () => T | Promise<T>, { timeoutMs = 15_000, intervalMs = 50 }: EventuallyOptions = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await probe();
    } catch (failure) {
      if (Date.now() >= deadline) throw failure;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export interface RebuildStarted {
  generations: ReadonlyArray<{ name: string; generation: number }>;
}

export interface RebuildHistoryEntry {
  name: string;
  generation: number;
  outcome: 'completed' | 'running' | 'superseded';
  requestedBy?: string;
}

/**
 * Waits until every generation a rebuild started (the 202 of `POST /api/staff/projections/…/rebuild`
 * or `rebuild-all`) has been swapped in, as staff see it in the projections' history, and returns
 * that history. A generation superseded by another fails at once.
 */
export async function waitForRebuild(
  app: INestApplication,
  staff: string,
  started: RebuildStarted,
  options: EventuallyOptions = {},
): Promise<RebuildHistoryEntry[]> {
  return eventually(
    async () => {
      const history: RebuildHistoryEntry[] = (await request(app.getHttpServer()).get('/api/staff/projections').set('Authorization', staff).expect(200)).body
        .history;
      const mine = started.generations.map((generation) =>
        history.find((entry) => entry.name === generation.name && entry.generation === generation.generation),
      );
      const superseded = mine.filter((entry) => entry?.outcome === 'superseded');
      if (superseded.length > 0) throw new Error(`rebuild superseded: ${superseded.map((entry) => entry!.name).join(', ')}`);
      const pending = started.generations.filter((_, index) => mine[index]?.outcome !== 'completed');
      if (pending.length > 0)
        throw new Error(`rebuild not finished: ${pending.map((generation) => `${generation.name} #${generation.generation}`).join(', ')}`);
      return history;
    },
    { timeoutMs: 30_000, intervalMs: 100, ...options },
  );
}

/** Waits until the named projections run inline, in the appends' own transactions (ADR 0240). */
export async function waitForInline(app: INestApplication, names: readonly string[], options: EventuallyOptions = {}): Promise<void> {
  const engine = app.get(ProjectionEngine);
  await eventually(async () => {
    const statuses = (await engine.status({ withTotals: false })).filter((status) => names.includes(status.name));
    expect(statuses.filter((status) => status.state !== 'inline').map((status) => `${status.name}: ${status.state}`)).toEqual([]);
    expect(new Set(statuses.map((status) => status.name))).toEqual(new Set(names));
  }, options);
}

/**
 * Watches one event handler of the app (an `@EventsHandler` instance): `drained()` resolves once
 * every event it has been handed so far has been handled. The EventBus calls a handler as the
 * event is published, so after a request has been answered, a drained handler proves that nothing
 * more will come of that request (a second email, say): the negative check waits for that, not for
 * a sleep. `restore()` hands the handler back untouched (and forgets what it was handed).
 */
export function watchHandler(app: INestApplication, type: Type<IEventHandler>): { drained(): Promise<void>; handled(): number; restore(): void } {
  const spy = jest.spyOn(app.get(type), 'handle');
  return {
    async drained() {
      for (let seen = -1; seen !== spy.mock.results.length;) {
        seen = spy.mock.results.length;
        await Promise.allSettled(spy.mock.results.map((result) => result.value));
      }
    },
    handled: () => spy.mock.calls.length,
    restore: () => spy.mockRestore(),
  };
}

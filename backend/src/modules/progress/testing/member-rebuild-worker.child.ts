import { Pool } from 'pg';
import { EventStore, type EventSubscription, type RecordedEvent, type SubscribeToAllOptions } from '../../../infrastructure/event-store/event-store.port';
import { PostgresEventStore } from '../../../infrastructure/event-store/postgres/postgres-event-store';
import { ProjectionEngine } from '../../../infrastructure/projections/projection-engine';
import { memberProgressProjection } from '../member-progress.projection';
import { progressRecordsProjection } from '../progress-records.projection';

/**
 * A separate process that rebuilds progress_records and member_progress slowly, for the kill -9
 * test of progress-copy-replay.int-spec.ts: it prints the new generations, then one line per page a
 * runner takes from the log (a batch, at this batch size), so the test can kill it mid-replay. The
 * slowness is in the store the engine reads, not in the projections: they do not know how they are run.
 */
const PROJECTIONS = [progressRecordsProjection, memberProgressProjection];

class SlowStore extends EventStore {
  constructor(private readonly inner: PostgresEventStore) {
    super();
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): EventSubscription {
    const subscription = this.inner.subscribeToAll(options);
    const name = PROJECTIONS.find((projection) => projection.eventTypes === options.eventTypes)?.name;
    return {
      close: () => subscription.close(),
      get checkpoint() {
        return subscription.checkpoint;
      },
      checkpointMoved: () => subscription.checkpointMoved!(),
      [Symbol.asyncIterator]: () => subscription[Symbol.asyncIterator](),
      async *pages(): AsyncGenerator<RecordedEvent[]> {
        for await (const page of subscription.pages!()) {
          await new Promise((resolve) => setTimeout(resolve, 15));
          if (name) process.stdout.write(`batch ${name}\n`);
          yield page;
        }
      },
    };
  }

  append(...args: Parameters<EventStore['append']>): ReturnType<EventStore['append']> {
    return this.inner.append(...args);
  }

  readStream(...args: Parameters<EventStore['readStream']>): ReturnType<EventStore['readStream']> {
    return this.inner.readStream(...args);
  }

  readAll(...args: Parameters<EventStore['readAll']>): ReturnType<EventStore['readAll']> {
    return this.inner.readAll(...args);
  }

  headPosition(): Promise<string | undefined> {
    return this.inner.headPosition();
  }

  countEvents(eventTypes?: readonly string[]): Promise<number | undefined> {
    return this.inner.countEvents(eventTypes);
  }

  comparePositions(a: string | undefined, b: string | undefined): number {
    return this.inner.comparePositions(a, b);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

async function main(): Promise<void> {
  const pool = new Pool({ connectionString: process.argv[2], max: 5, application_name: 'pulso-member-rebuild-worker' });
  const store = new SlowStore(new PostgresEventStore(pool));
  const engine = new ProjectionEngine(pool, store, { batchSize: 9, log: { error: () => undefined, info: () => undefined } });
  for (const projection of PROJECTIONS) engine.register(projection);
  await engine.start();
  const generations: Record<string, number> = {};
  for (const name of PROJECTIONS.map((projection) => projection.name)) generations[name] = (await engine.rebuild(name))[0]!;
  process.stdout.write(`generations ${JSON.stringify(generations)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});

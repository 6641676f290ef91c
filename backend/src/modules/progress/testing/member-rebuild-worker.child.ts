import { Pool } from 'pg';
import { PostgresEventStore } from '../../../infrastructure/event-store/postgres/postgres-event-store';
import type { Projection } from '../../../infrastructure/projections/projection';
import { ProjectionEngine } from '../../../infrastructure/projections/projection-engine';
import { memberProgressProjection } from '../member-progress.projection';
import { progressRecordsProjection } from '../progress-records.projection';

/**
 * A separate process that rebuilds progress_records and member_progress slowly, for the kill -9
 * test of progress-copy-replay.int-spec.ts: it prints the new generations, then one line per
 * replayed batch, so the test can kill it between batches.
 */
function slow(projection: Projection): Projection {
  return {
    ...projection,
    async handle(events, context) {
      await new Promise((resolve) => setTimeout(resolve, 15));
      const writes = await projection.handle(events, context);
      if (context.replay) process.stdout.write(`batch ${projection.name}\n`);
      return writes;
    },
  };
}

async function main(): Promise<void> {
  const pool = new Pool({ connectionString: process.argv[2], max: 5, application_name: 'pulso-member-rebuild-worker' });
  const store = new PostgresEventStore(pool);
  const engine = new ProjectionEngine(pool, store, { batchSize: 9, log: { error: () => undefined, info: () => undefined } });
  for (const projection of [progressRecordsProjection, memberProgressProjection]) engine.register(slow(projection));
  await engine.start();
  const generations: Record<string, number> = {};
  for (const name of [progressRecordsProjection.name, memberProgressProjection.name]) generations[name] = (await engine.rebuild(name))[0]!;
  process.stdout.write(`generations ${JSON.stringify(generations)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});

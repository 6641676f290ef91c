import { Pool } from 'pg';
import { PostgresEventStore } from '../../event-store/postgres/postgres-event-store';
import { ProjectionEngine } from '../projection-engine';
import { sampleMemberActivityProjection } from './sample-member-activity.projection';

/**
 * A separate process running the sample projection slowly, for the kill -9 test
 * (projection-crash.int-spec.ts): each batch holds its transaction open a while,
 * so a SIGKILL lands mid-batch.
 */
async function main(): Promise<void> {
  const url = process.argv[2];
  const pool = new Pool({ connectionString: url, max: 5, application_name: 'pulso-projection-worker' });
  const store = new PostgresEventStore(pool);
  const engine = new ProjectionEngine(pool, store, { batchSize: 20, log: { error: () => undefined, info: () => undefined } });
  engine.register(sampleMemberActivityProjection({ delayMs: 25 }));
  await engine.start();
  process.stdout.write('ready\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});

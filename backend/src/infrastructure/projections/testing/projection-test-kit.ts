import type { Pool } from 'pg';
import type { EventStore, RecordedEvent } from '../../event-store/event-store.port';
import { batchWrites } from '../batch-writes';
import { physicalTable, type Projection } from '../projection';
import { tableDdl } from '../table-shapes';
import { sampleEvent } from './sample-events';
import { transactionStatements } from '../../database/transaction-statements';

/** Helpers shared by the projection integration tests. */
export class SampleLog {
  private appended = 0;

  constructor(
    private readonly store: EventStore,
    private readonly members = 7,
  ) {}

  async append(count: number): Promise<string> {
    let position = '';
    for (let i = 0; i < count; i++) {
      const { streamId, event } = sampleEvent(this.appended++, this.members);
      position = (await this.store.append(streamId, [event], { expectedRevision: 'any' })).position;
    }
    return position;
  }
}

export async function sampleReadModel(pool: Pool): Promise<{ totals: unknown[]; days: unknown[] }> {
  const totals = await pool.query('SELECT * FROM sample_member_totals ORDER BY member_id');
  const days = await pool.query('SELECT * FROM sample_member_days ORDER BY member_id, day');
  return { totals: totals.rows, days: days.rows };
}

/** Workouts and enrolments per member computed straight from the log. */
export async function totalsFromLog(pool: Pool): Promise<Record<string, { workouts: number; enrolments: number }>> {
  const result = await pool.query<{ member: string; workouts: string; enrolments: string }>(
    `SELECT data->>'memberId' AS member,
            count(*) FILTER (WHERE event_type = 'SampleWorkoutCompleted') AS workouts,
            count(*) FILTER (WHERE event_type = 'SampleEnrolledInPlan') AS enrolments
       FROM event_store_events
      WHERE event_type IN ('SampleWorkoutCompleted', 'SampleEnrolledInPlan')
      GROUP BY 1`,
  );
  return Object.fromEntries(result.rows.map((row) => [row.member, { workouts: Number(row.workouts), enrolments: Number(row.enrolments) }]));
}

export async function totalsFromReadModel(pool: Pool): Promise<Record<string, { workouts: number; enrolments: number }>> {
  const result = await pool.query<{ member_id: string; workouts: number; enrolments: number }>('SELECT * FROM sample_member_totals');
  return Object.fromEntries(result.rows.map((row) => [row.member_id, { workouts: row.workouts, enrolments: row.enrolments }]));
}

export async function until(check: () => Promise<boolean>, timeoutMs = 15000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const quietLog = { error: () => undefined, info: () => undefined };

/** Generations the batch tests write, far from any an engine makes. */
let testGenerations = 9000;

/**
 * Applies `log` to a fresh generation of the projection's tables in batches of `batchSize`, each in its
 * own transaction, through the engine's own batch code (`batch-writes.ts`), handing it only the events of
 * its types as the engine does. Answers the physical name of each logical table, for the test to read back.
 */
export function projectInBatches(pool: Pool, projection: Projection, log: readonly RecordedEvent[], batchSize: number): Promise<(table: string) => string> {
  const handled = log.filter((event) => projection.eventTypes.includes(event.type));
  const batches: RecordedEvent[][] = [];
  for (let start = 0; start < handled.length; start += batchSize) batches.push(handled.slice(start, start + batchSize));
  return projectBatches(pool, projection, batches);
}

/** Applies these batches, as given, to a fresh generation of the projection's tables (see projectInBatches). */
export async function projectBatches(pool: Pool, projection: Projection, batches: readonly RecordedEvent[][]): Promise<(table: string) => string> {
  const generation = ++testGenerations;
  for (const [name, shape] of Object.entries(projection.tables))
    for (const statement of tableDdl(physicalTable(name, generation), shape)) await pool.query(statement);
  const client = await pool.connect();
  try {
    for (const batch of batches) {
      // As the runner does: the statements issued together run in order, never after the COMMIT (ADR 0259).
      const statements = transactionStatements(client);
      await client.query('BEGIN');
      const writes = await batchWrites(projection, generation, batch, statements.run);
      await Promise.all(writes.map((write) => statements.run(write.text, write.values as unknown[] | undefined)));
      await statements.close();
      await client.query('COMMIT');
    }
  } finally {
    client.release();
  }
  return (name: string) => physicalTable(name, generation);
}

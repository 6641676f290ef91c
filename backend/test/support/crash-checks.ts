import { sql } from './crash-runtime';
import { call, CompletionLedger } from './crash-workload';
import { eventually } from './eventually';

interface ProjectionRow {
  name: string;
  state: string;
  lagEvents: number;
  rebuild?: unknown;
}

/**
 * Waits until every projection is active, runs, has no rebuild in progress and has
 * applied every event of its types (the staff console's own view, `GET /api/staff/projections`).
 */
export async function waitCaughtUp(baseUrl: string, staffAuth: string, timeoutMs = 120_000): Promise<ProjectionRow[]> {
  return eventually(
    async () => {
      const answer = await call(baseUrl, 'GET', '/api/staff/projections', staffAuth);
      const rows = answer?.status === 200 ? (answer.body.projections as unknown as ProjectionRow[]) : [];
      if (rows.length === 0 || !rows.every((row) => row.state === 'running' && !row.rebuild && row.lagEvents === 0)) {
        throw new Error(`projections did not catch up in ${timeoutMs} ms: ${JSON.stringify(answer?.body)}`);
      }
      return rows;
    },
    { timeoutMs, intervalMs: 100 },
  );
}

/** The logical projection tables: the views over each active generation. */
export async function projectionTables(pgPort: number): Promise<string[]> {
  const rows = await sql<{ view: string }>(
    pgPort,
    `SELECT DISTINCT v.table_name AS view
       FROM information_schema.views v
      WHERE v.table_schema = 'public'
        AND EXISTS (SELECT 1 FROM pg_tables t WHERE t.schemaname = 'public' AND t.tablename LIKE v.table_name || '\\_\\_g%')
      ORDER BY 1`,
  );
  return rows.map((row) => row.view);
}

/** Row count and an order-independent digest of every row, per projection table. */
export async function tableChecksums(pgPort: number, tables: string[]): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await sql<{ rows: number; digest: string }>(
      pgPort,
      `SELECT count(*)::int AS rows, coalesce(md5(string_agg(md5(t::text), '' ORDER BY md5(t::text))), '-') AS digest FROM ${table} t`,
    );
    sums[table] = `${row.rows}:${row.digest}`;
  }
  return sums;
}

/** The active generation of every projection. */
export async function activeGenerations(pgPort: number): Promise<Record<string, number>> {
  const rows = await sql<{ name: string; generation: number }>(
    pgPort,
    `SELECT name, generation FROM projection_generations WHERE status = 'active' ORDER BY name`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.generation]));
}

export async function buildingCount(pgPort: number): Promise<number> {
  const [row] = await sql<{ n: number }>(pgPort, `SELECT count(*)::int AS n FROM projection_generations WHERE status = 'building'`);
  return row.n;
}

export interface CompletionAudit {
  accepted: number;
  /** Accepted completions without their event or their progress record. */
  lost: string[];
  /** Completions with more than one event or record, or refused ones that left an event behind. */
  duplicated: string[];
  /** WorkoutCompleted events in the members' streams that no completion accounts for. */
  strays: number;
}

/** Compares the ledger of answers with the event log (the truth) and the progress read model. */
export async function auditCompletions(pgPort: number, ledger: CompletionLedger, userIds: string[]): Promise<CompletionAudit> {
  const events = await sql<{ completion_id: string; n: number }>(
    pgPort,
    `SELECT data->>'completionId' AS completion_id, count(*)::int AS n FROM event_store_events
      WHERE event_type = 'WorkoutCompleted' AND stream_id = ANY ($1) GROUP BY 1`,
    [userIds.map((id) => `member-${id}`)],
  );
  const records = await sql<{ completion_id: string; n: number }>(
    pgPort,
    `SELECT completion_id, count(*)::int AS n FROM progress_records WHERE user_id = ANY ($1) GROUP BY 1`,
    [userIds],
  );
  const eventCount = new Map(events.map((row) => [row.completion_id, row.n]));
  const recordCount = new Map(records.map((row) => [row.completion_id, row.n]));
  const audit: CompletionAudit = { accepted: 0, lost: [], duplicated: [], strays: 0 };
  const known = new Set<string>();
  for (const attempt of ledger.attempts.values()) {
    known.add(attempt.completionId);
    const inLog = eventCount.get(attempt.completionId) ?? 0;
    const inModel = recordCount.get(attempt.completionId) ?? 0;
    if (attempt.outcome === 'accepted') {
      audit.accepted++;
      if (inLog === 0 || inModel === 0) audit.lost.push(attempt.key);
      else if (inLog > 1 || inModel > 1) audit.duplicated.push(attempt.key);
    } else if (attempt.outcome === 'refused' && (inLog > 0 || inModel > 0)) {
      audit.duplicated.push(attempt.key);
    }
  }
  for (const row of events) if (!known.has(row.completion_id)) audit.strays += row.n;
  return audit;
}

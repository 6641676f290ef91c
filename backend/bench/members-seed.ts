import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { MEMBER_EVENT_SCHEMA_VERSIONS, type MemberEvent } from '../src/modules/members/member.events';
import { memberHistoryEvents, seededRandom, type HistoryCatalogue } from '../src/modules/progress/testing/member-history';

/**
 * The seed of `npm run bench:members` and `npm run bench:load`, the documented bulk path
 * (docs/performance.md). Realistic member histories, shaped exactly as the member decider
 * writes them, merged in time order across members and written straight into the event
 * store's tables a multi-row insert at a time; the projections then fill the read models
 * from the log as they would from live traffic.
 */

const INSERT_CHUNK = 5000;

/** A min-heap of the members' next events by `occurredAt`: merges ten thousand lazy histories into one time-ordered log. */
class NextEvents {
  private readonly heap: { member: number; event: MemberEvent }[] = [];

  push(entry: { member: number; event: MemberEvent }): void {
    const heap = this.heap;
    heap.push(entry);
    for (let index = heap.length - 1; index > 0;) {
      const parent = (index - 1) >> 1;
      if (heap[parent]!.event.data.occurredAt <= heap[index]!.event.data.occurredAt) break;
      [heap[parent], heap[index]] = [heap[index]!, heap[parent]!];
      index = parent;
    }
  }

  pop(): { member: number; event: MemberEvent } | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      for (let index = 0; ;) {
        const left = index * 2 + 1;
        const right = left + 1;
        let smallest = index;
        if (left < heap.length && heap[left]!.event.data.occurredAt < heap[smallest]!.event.data.occurredAt) smallest = left;
        if (right < heap.length && heap[right]!.event.data.occurredAt < heap[smallest]!.event.data.occurredAt) smallest = right;
        if (smallest === index) break;
        [heap[smallest], heap[index]] = [heap[index]!, heap[smallest]!];
        index = smallest;
      }
    }
    return top;
  }
}

/** Writes the histories straight into the event store's tables, a multi-row insert per chunk, in global time order. */
export async function writeHistories(
  pool: Pool,
  catalogue: HistoryCatalogue,
  members: number,
  eventsPerMember: number,
  note: (message: string) => void,
): Promise<{ total: number; byType: Record<string, number> }> {
  const userIds = Array.from({ length: members }, () => randomUUID());
  const histories = userIds.map((_, member) => {
    const random = seededRandom(1000 + member);
    // Members joined over a year; each history runs for months after.
    const firstDay = new Date(Date.UTC(2025, 0, 1) + Math.floor(random() * 365) * 86_400_000).toISOString().slice(0, 10);
    return memberHistoryEvents(random, eventsPerMember, firstDay, catalogue);
  });
  const revisions = new Array<number>(members).fill(-1);
  const queue = new NextEvents();
  histories.forEach((history, member) => {
    const first = history.next();
    if (!first.done) queue.push({ member, event: first.value });
  });
  const byType: Record<string, number> = {};
  let total = 0;
  const flush = async (rows: { streams: string[]; revisions: number[]; ids: string[]; types: string[]; data: string[]; metadata: string[] }) => {
    if (rows.streams.length === 0) return;
    await pool.query(
      `INSERT INTO event_store_events (stream_id, stream_revision, event_id, event_type, data, metadata)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])`,
      [rows.streams, rows.revisions, rows.ids, rows.types, rows.data, rows.metadata],
    );
  };
  const empty = () => ({
    streams: [] as string[],
    revisions: [] as number[],
    ids: [] as string[],
    types: [] as string[],
    data: [] as string[],
    metadata: [] as string[],
  });
  let rows = empty();
  for (let next = queue.pop(); next; next = queue.pop()) {
    const { member, event } = next;
    const userId = userIds[member]!;
    const id = randomUUID();
    revisions[member] = revisions[member]! + 1;
    rows.streams.push(`member-${userId}`);
    rows.revisions.push(revisions[member]!);
    rows.ids.push(id);
    rows.types.push(event.type);
    rows.data.push(JSON.stringify(event.data));
    rows.metadata.push(
      JSON.stringify({
        eventId: id,
        correlationId: id,
        causationId: id,
        actor: { userId, role: 'member' },
        occurredAt: event.data.occurredAt,
        schemaVersion: MEMBER_EVENT_SCHEMA_VERSIONS[event.type],
      }),
    );
    byType[event.type] = (byType[event.type] ?? 0) + 1;
    total += 1;
    if (rows.streams.length === INSERT_CHUNK) {
      await flush(rows);
      rows = empty();
      if (total % 100_000 === 0) note(`${total} events written`);
    }
    const following = histories[member]!.next();
    if (!following.done) queue.push({ member, event: following.value });
  }
  await flush(rows);
  await pool.query(
    `INSERT INTO event_store_streams (stream_id, revision)
     SELECT stream_id, max(stream_revision) FROM event_store_events WHERE stream_id LIKE 'member-%' GROUP BY stream_id
     ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision`,
  );
  return { total, byType };
}

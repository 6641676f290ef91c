import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Pool } from 'pg';
import { eventually } from '../../../../test/support/eventually';
import { createTestDatabase, TestDatabase } from '../../../../test/support/test-database';
import { contractEvent } from '../event-store.contract';
import type { RecordedEvent } from '../event-store.port';
import { upcasting } from '../upcasters';
import { LogPages } from './log-pages';
import { PostgresEventStore } from './postgres-event-store';

let database: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 5 });
  store = new PostgresEventStore(pool);
});

afterAll(async () => {
  await store.close();
  await pool.end();
  await database.drop();
});

describe('shared dense pages (ADR 0249, ADR 0257)', () => {
  it('are let go once pushed out of the cache, without waiting for their 30-second timer', async () => {
    // A replay reads page after page; a page's timer holding it (or what its reader was handed) would keep
    // every page read in the last 30 s in memory: hundreds of megabytes on a large log.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const type = `Dense${randomUUID().replace(/-/g, '')}`;
    const head = await store.headPosition();
    await store.append(
      `dense-${randomUUID()}`,
      Array.from({ length: 10 }, () => contractEvent(type)),
      { expectedRevision: 'no-stream' },
    );
    const pages = new LogPages(pool, upcasting());

    const firstPage = async (): Promise<{ refs: Array<WeakRef<object>>; next: string }> => {
      const page = await pages.readPage(head, 2, [type], false, true);
      expect(page.full).toBe(true);
      expect(page.events).toHaveLength(2);
      return { refs: [new WeakRef(page.events), ...page.events.map((event: RecordedEvent) => new WeakRef(event))], next: page.coveredTo! };
    };
    // The page is full once the readers' horizon has passed the append; the horizon is cluster-wide, so
    // another suite's open transaction in its own test database may hold it back for a moment.
    const { refs, next } = await eventually(firstPage);
    // Three later pages push the first one out of the cache (it keeps three).
    let after = next;
    for (let read = 0; read < 3; read++) after = (await pages.readPage(after, 2, [type], false, true)).coveredTo!;

    // A WeakRef keeps its target until the job that made it ends: collect after a turn.
    for (let round = 0; round < 3; round++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      gc();
    }
    expect(refs.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
  });
});

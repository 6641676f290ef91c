import type { RecordedEvent, Statement } from '../event-store/event-store.port';
import { documentWrites, type Read } from './batch-writes';
import type { DocumentProjection, Row, Rows } from './projection';

/** A member's badges: one row per badge, with a `jsonb` detail the database gives back with its keys sorted. */
interface Badges {
  member: string;
  badges: Map<string, { times: number; detail: Record<string, unknown> }>;
}

const badges: DocumentProjection<Badges> = {
  name: 'sample_badges',
  version: 1,
  eventTypes: ['BadgeEarned', 'BadgeRevoked', 'BadgeRestated'],
  tables: { sample_badges: { columns: 'member_id text, badge text, times integer, detail jsonb', key: ['member_id', 'badge'] } },
  keyColumn: 'member_id',
  key: (event) => event.streamId,
  initial: (member) => ({ member, badges: new Map() }),
  evolve(document, event) {
    const { badge, detail } = event.data as { badge: string; detail?: Record<string, unknown> };
    if (event.type === 'BadgeRevoked') document.badges.delete(badge);
    // Restated: the same detail, rebuilt with its keys in the order the event gives them.
    else {
      const times = document.badges.get(badge)?.times ?? 0;
      document.badges.set(badge, { times: event.type === 'BadgeEarned' ? times + 1 : times, detail: { ...detail } });
    }
    return document;
  },
  toRows: (document, member) => ({
    sample_badges: [...document.badges].map(([badge, { times, detail }]) => ({ member_id: member, badge, times, detail })),
  }),
  fromRows: (rows: Rows, member) => ({
    member,
    badges: new Map(rows.sample_badges!.map((row) => [row.badge as string, { times: row.times as number, detail: row.detail as Record<string, unknown> }])),
  }),
};

function event(type: string, data: unknown): RecordedEvent {
  return { type, data, streamId: 'member-1', position: '1', revision: 0n, metadata: {} } as unknown as RecordedEvent;
}

/** Reads answered with the rows stored, as PostgreSQL gives `jsonb` back: object keys sorted. */
function stored(rows: Row[]): Read {
  const sorted = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
  return async () => ({ rows: rows.map((row) => ({ ...row, detail: sorted(row.detail as Record<string, unknown>) })) });
}

function written(statements: Statement[]): { upserts: Row[]; deletes: Row[] } {
  const rows = (kind: string) =>
    statements.filter((statement) => statement.text.startsWith(kind)).flatMap((statement) => JSON.parse(statement.values![0] as string) as Row[]);
  return { upserts: rows('INSERT'), deletes: rows('DELETE') };
}

describe('a document projection writes only the rows that changed', () => {
  const rows: Row[] = [
    { member_id: 'member-1', badge: 'constancia', times: 1, detail: { weeks: 4, level: 'oro' } },
    { member_id: 'member-1', badge: 'madrugador', times: 3, detail: { sessions: 10 } },
    { member_id: 'member-1', badge: 'puntual', times: 2, detail: { on_time: 5 } },
  ];

  it('writes nothing when a fold leaves the rows as they were, objects rebuilt with their keys in another order included', async () => {
    const statements = await documentWrites(badges, 1, [event('BadgeRestated', { badge: 'constancia', detail: { weeks: 4, level: 'oro' } })], stored(rows));
    expect(statements).toEqual([]);
  });

  it('upserts a row new or changed (a plain value or an object) and deletes a row gone, by its key', async () => {
    const statements = await documentWrites(
      badges,
      1,
      [
        event('BadgeRestated', { badge: 'constancia', detail: { weeks: 5, level: 'oro' } }),
        event('BadgeEarned', { badge: 'madrugador', detail: { sessions: 10 } }),
        event('BadgeEarned', { badge: 'centurion', detail: { workouts: 100 } }),
        event('BadgeRevoked', { badge: 'puntual' }),
      ],
      stored(rows),
    );
    const { upserts, deletes } = written(statements);
    expect(upserts).toEqual([
      { member_id: 'member-1', badge: 'constancia', times: 1, detail: { weeks: 5, level: 'oro' } },
      { member_id: 'member-1', badge: 'madrugador', times: 4, detail: { sessions: 10 } },
      { member_id: 'member-1', badge: 'centurion', times: 1, detail: { workouts: 100 } },
    ]);
    expect(deletes).toEqual([{ member_id: 'member-1', badge: 'puntual' }]);
  });
});

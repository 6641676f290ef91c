import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import type { Projection } from '../../infrastructure/projections/projection';
import { MEMBER_STREAM_PREFIX, type StudioBoardNameChosen } from '../members/member.events';

/** Each member's choice for the class board (ADR 0183); a member absent shows with initials. */
export const STUDIO_BOARD_NAMES = 'studio_board_names';

export const studioBoardNamesProjection: Projection = {
  name: 'studio_board_names',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  version: 1,
  eventTypes: ['StudioBoardNameChosen'],
  tables: {
    [STUDIO_BOARD_NAMES]: (table) => [`CREATE TABLE ${table} (user_id text PRIMARY KEY, show_name boolean NOT NULL, chosen_at timestamptz NOT NULL)`],
  },
  /** The last choice of each member in the batch wins (log order). */
  async handle(events: RecordedEvent[], context) {
    const latest = new Map<string, StudioBoardNameChosen['data']>();
    for (const event of events) {
      const data = event.data as StudioBoardNameChosen['data'];
      latest.set(event.streamId.slice(MEMBER_STREAM_PREFIX.length), { showName: data.showName, occurredAt: data.occurredAt });
    }
    if (latest.size === 0) return;
    const users = [...latest.keys()];
    await context.query(
      `INSERT INTO ${context.table(STUDIO_BOARD_NAMES)} AS current (user_id, show_name, chosen_at)
       SELECT * FROM unnest($1::text[], $2::boolean[], $3::timestamptz[])
       ON CONFLICT (user_id) DO UPDATE SET show_name = EXCLUDED.show_name, chosen_at = EXCLUDED.chosen_at`,
      [users, users.map((user) => latest.get(user)!.showName), users.map((user) => latest.get(user)!.occurredAt)],
    );
  },
};

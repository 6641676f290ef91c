import { fieldsOf, rowOf, type DocumentProjection } from '../../infrastructure/projections/projection';
import { MEMBER_STREAM_PREFIX, type StudioBoardNameChosen } from '../members/member.events';

/** Each member's choice for the class board (ADR 0183); a member absent shows with initials. */
export const STUDIO_BOARD_NAMES = 'studio_board_names';

interface Choice {
  showName: boolean;
  chosenAt: string;
}

/** The member's last choice wins (log order). */
export const studioBoardNamesProjection: DocumentProjection<Choice | null> = {
  name: 'studio_board_names',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  version: 1,
  eventTypes: ['StudioBoardNameChosen'],
  tables: {
    [STUDIO_BOARD_NAMES]: { columns: 'user_id text, show_name boolean, chosen_at timestamptz', key: ['user_id'] },
  },
  keyColumn: 'user_id',
  key: (event) => event.streamId.slice(MEMBER_STREAM_PREFIX.length),
  initial: () => null,
  evolve: (_, event) => {
    const { showName, occurredAt } = event.data as StudioBoardNameChosen['data'];
    return { showName, chosenAt: occurredAt };
  },
  toRows: (choice, userId) => ({ [STUDIO_BOARD_NAMES]: choice ? [rowOf({ user_id: userId }, choice)] : [] }),
  fromRows: (rows) => (rows[STUDIO_BOARD_NAMES]![0] ? fieldsOf<Choice>(rows[STUDIO_BOARD_NAMES]![0], 'user_id') : null),
};

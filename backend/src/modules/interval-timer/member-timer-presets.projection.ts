import { fieldsOf, rowOf, type DocumentProjection } from '../../infrastructure/projections/projection';
import { MEMBER_STREAM_PREFIX, type TimerPresetDeleted, type TimerPresetSaved } from '../members/member.events';

/** Each member's saved interval timers (ADR 0162), fed from the `member-{userId}` streams. */
export const MEMBER_TIMER_PRESETS = 'member_timer_presets';

type Presets = Record<string, TimerPresetSaved['data']['preset'] & { createdAt: string }>;

/** A saved timer replaces the one of its id (keeping when it was first saved); an erasure removes them all: their names are the member's own words (ADR 0202). */
export const memberTimerPresetsProjection: DocumentProjection<Presets> = {
  name: 'member_timer_presets',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  version: 1,
  eventTypes: ['TimerPresetSaved', 'TimerPresetDeleted', 'MemberDataErased'],
  tables: {
    [MEMBER_TIMER_PRESETS]: {
      columns: `user_id text, preset_id text, name text, work_sec integer, rest_sec integer, rounds integer,
        sets integer, set_rest_sec integer, created_at timestamptz`,
      key: ['user_id', 'preset_id'],
    },
  },
  keyColumn: 'user_id',
  key: (event) => event.streamId.slice(MEMBER_STREAM_PREFIX.length),
  initial: () => ({}),
  evolve(presets, event) {
    if (event.type === 'MemberDataErased') return {};
    if (event.type === 'TimerPresetDeleted') {
      const kept = { ...presets };
      delete kept[(event.data as TimerPresetDeleted['data']).presetId];
      return kept;
    }
    const { presetId, preset, occurredAt } = event.data as TimerPresetSaved['data'];
    return { ...presets, [presetId]: { ...preset, createdAt: presets[presetId]?.createdAt ?? occurredAt } };
  },
  toRows: (presets, userId) => ({
    [MEMBER_TIMER_PRESETS]: Object.entries(presets).map(([presetId, preset]) => rowOf({ user_id: userId, preset_id: presetId }, preset)),
  }),
  fromRows: (rows) =>
    Object.fromEntries(rows[MEMBER_TIMER_PRESETS]!.map((row) => [row.preset_id as string, fieldsOf<Presets[string]>(row, 'user_id', 'preset_id')])),
};

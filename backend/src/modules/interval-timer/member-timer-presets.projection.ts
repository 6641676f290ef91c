import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import type { Projection } from '../../infrastructure/projections/projection';
import { MEMBER_STREAM_PREFIX, type TimerPresetDeleted, type TimerPresetSaved } from '../members/member.events';

/** Each member's saved interval timers (ADR 0162), fed from the `member-{userId}` streams. */
export const MEMBER_TIMER_PRESETS = 'member_timer_presets';

export const memberTimerPresetsProjection: Projection = {
  name: 'member_timer_presets',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  version: 1,
  eventTypes: ['TimerPresetSaved', 'TimerPresetDeleted', 'MemberDataErased'],
  tables: {
    [MEMBER_TIMER_PRESETS]: (table) => [
      `CREATE TABLE ${table} (
        user_id text NOT NULL,
        preset_id text NOT NULL,
        name text NOT NULL,
        work_sec integer NOT NULL,
        rest_sec integer NOT NULL,
        rounds integer NOT NULL,
        sets integer NOT NULL,
        set_rest_sec integer NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, preset_id)
      )`,
    ],
  },
  /** Presets are few and rarely change: one statement per event, in log order, the same live and on a replay. */
  async handle(events: RecordedEvent[], context) {
    const table = context.table(MEMBER_TIMER_PRESETS);
    for (const event of events) {
      const userId = event.streamId.slice(MEMBER_STREAM_PREFIX.length);
      if (event.type === 'TimerPresetSaved') {
        const { presetId, preset, occurredAt } = event.data as TimerPresetSaved['data'];
        await context.query(
          `INSERT INTO ${table} (user_id, preset_id, name, work_sec, rest_sec, rounds, sets, set_rest_sec, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (user_id, preset_id) DO UPDATE SET
             name = EXCLUDED.name, work_sec = EXCLUDED.work_sec, rest_sec = EXCLUDED.rest_sec,
             rounds = EXCLUDED.rounds, sets = EXCLUDED.sets, set_rest_sec = EXCLUDED.set_rest_sec`,
          [userId, presetId, preset.name, preset.workSec, preset.restSec, preset.rounds, preset.sets, preset.setRestSec, occurredAt],
        );
      } else if (event.type === 'TimerPresetDeleted') {
        const { presetId } = event.data as TimerPresetDeleted['data'];
        await context.query(`DELETE FROM ${table} WHERE user_id = $1 AND preset_id = $2`, [userId, presetId]);
      } else if (event.type === 'MemberDataErased') {
        // The names are the member's own words (ADR 0202): their timers go with them.
        await context.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
      }
    }
  },
};

import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import type { TimerPresetDto } from './dto/interval-timer.dto';
import { timerTotalSec, type TimerPreset } from './interval-timer.rules';
import { MEMBER_TIMER_PRESETS } from './member-timer-presets.projection';

interface PresetRow {
  preset_id: string;
  name: string;
  work_sec: number;
  rest_sec: number;
  rounds: number;
  sets: number;
  set_rest_sec: number;
  created_at: Date;
}

export function timerPresetDto(id: string, preset: TimerPreset, createdAt: string): TimerPresetDto {
  return { id, ...preset, totalSec: timerTotalSec(preset), createdAt };
}

/** Reads `member_timer_presets`: only the caller's own rows. */
@Injectable()
export class TimerPresetsReadModel {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async listForMember(userId: string): Promise<TimerPresetDto[]> {
    const { rows } = await this.pool.query<PresetRow>(
      `SELECT preset_id, name, work_sec, rest_sec, rounds, sets, set_rest_sec, created_at
         FROM ${MEMBER_TIMER_PRESETS} WHERE user_id = $1 ORDER BY created_at DESC, preset_id`,
      [userId],
    );
    return rows.map((row) =>
      timerPresetDto(
        row.preset_id,
        { name: row.name, workSec: row.work_sec, restSec: row.rest_sec, rounds: row.rounds, sets: row.sets, setRestSec: row.set_rest_sec },
        row.created_at.toISOString(),
      ),
    );
  }
}

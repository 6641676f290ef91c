import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { DomainError } from '../../shared/domain-error';
import { TIMETABLE_MESSAGES, type ClassChange, type ClassType, type Closure, type Timetable, type Weekday, type WeeklySlot } from './timetable.rules';

interface PgError {
  code?: string;
  constraint?: string;
}

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/** The timetable's tables: every write is one statement, so a refused one changes nothing. */
@Injectable()
export class TimetableStore {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** The timetable as this process last read it, with the version it had (the migration's `timetable_version`). */
  private loaded?: { version: bigint; timetable: Timetable };

  /**
   * The timetable now, in one round trip: its version, and the four tables (each one JSON array) only
   * when the version moved since this process last read them; otherwise the timetable it holds, which
   * is frozen, since every caller shares it. Every change bumps the version in its own transaction
   * (a trigger), whichever process or statement makes it.
   */
  async load(): Promise<Timetable> {
    const known = this.loaded;
    const { rows } = await this.pool.query<{
      version: string | null;
      types: ClassType[] | null;
      slots: WeeklySlot[] | null;
      changes: ClassChange[] | null;
      closures: Closure[] | null;
    }>(
      `SELECT current.version,
         CASE WHEN current.stale THEN (SELECT coalesce(json_agg(json_build_object('classTypeId', class_type_id, 'name', name, 'description', description,
            'lengthMin', length_min, 'defaultCapacity', default_capacity, 'coach', coach) ORDER BY name), '[]') FROM timetable_class_types) END AS types,
         CASE WHEN current.stale THEN (SELECT coalesce(json_agg(json_build_object('slotId', slot_id, 'weekday', weekday, 'startTime', start_time,
            'classTypeId', class_type_id, 'capacity', capacity) ORDER BY weekday, start_time), '[]') FROM timetable_slots) END AS slots,
         CASE WHEN current.stale THEN (SELECT coalesce(json_agg(json_build_object('slotId', slot_id, 'date', to_char(date, 'YYYY-MM-DD'), 'startTime', start_time,
            'capacity', capacity, 'cancelled', cancelled, 'notice', notice) ORDER BY date, slot_id), '[]') FROM timetable_changes) END AS changes,
         CASE WHEN current.stale THEN (SELECT coalesce(json_agg(json_build_object('date', to_char(date, 'YYYY-MM-DD'), 'notice', notice) ORDER BY date), '[]')
            FROM timetable_closures) END AS closures
       FROM (SELECT v.version::text AS version, ($1::bigint IS NULL OR v.version IS DISTINCT FROM $1::bigint) AS stale
               FROM (SELECT 1) one LEFT JOIN timetable_version v ON v.id) current`,
      [known === undefined ? null : known.version.toString()],
    );
    const { version, types, slots, changes, closures } = rows[0]!;
    if (types === null || slots === null || changes === null || closures === null) return known!.timetable;
    const timetable = deepFreeze({ classTypes: types, slots, changes, closures });
    // A read that answered after a newer one keeps the newer; without a version row nothing is kept.
    if (version !== null && (this.loaded === undefined || this.loaded.version <= BigInt(version))) this.loaded = { version: BigInt(version), timetable };
    return timetable;
  }

  async slot(slotId: string): Promise<WeeklySlot | null> {
    const { rows } = await this.pool.query<{ slot_id: string; weekday: number; start_time: string; class_type_id: string; capacity: number }>(
      'SELECT slot_id, weekday, start_time, class_type_id, capacity FROM timetable_slots WHERE slot_id = $1',
      [slotId],
    );
    const row = rows[0];
    return row
      ? { slotId: row.slot_id, weekday: row.weekday as Weekday, startTime: row.start_time, classTypeId: row.class_type_id, capacity: row.capacity }
      : null;
  }

  async createClassType(type: Omit<ClassType, 'classTypeId'>): Promise<ClassType> {
    const classTypeId = randomUUID();
    await this.write(
      'INSERT INTO timetable_class_types (class_type_id, name, description, length_min, default_capacity, coach) VALUES ($1, $2, $3, $4, $5, $6)',
      [classTypeId, type.name, type.description, type.lengthMin, type.defaultCapacity, type.coach],
    );
    return { classTypeId, ...type };
  }

  async updateClassType(type: ClassType): Promise<void> {
    const count = await this.write(
      'UPDATE timetable_class_types SET name = $2, description = $3, length_min = $4, default_capacity = $5, coach = $6 WHERE class_type_id = $1',
      [type.classTypeId, type.name, type.description, type.lengthMin, type.defaultCapacity, type.coach],
    );
    if (count === 0) throw new DomainError('not-found', TIMETABLE_MESSAGES.classTypeNotFound);
  }

  async deleteClassType(classTypeId: string): Promise<void> {
    const count = await this.write('DELETE FROM timetable_class_types WHERE class_type_id = $1', [classTypeId]);
    if (count === 0) throw new DomainError('not-found', TIMETABLE_MESSAGES.classTypeNotFound);
  }

  async createSlot(slot: Omit<WeeklySlot, 'slotId'>): Promise<WeeklySlot> {
    const slotId = randomUUID();
    await this.write('INSERT INTO timetable_slots (slot_id, weekday, start_time, class_type_id, capacity) VALUES ($1, $2, $3, $4, $5)', [
      slotId,
      slot.weekday,
      slot.startTime,
      slot.classTypeId,
      slot.capacity,
    ]);
    return { slotId, ...slot };
  }

  async updateSlot(slot: WeeklySlot): Promise<void> {
    const count = await this.write('UPDATE timetable_slots SET weekday = $2, start_time = $3, class_type_id = $4, capacity = $5 WHERE slot_id = $1', [
      slot.slotId,
      slot.weekday,
      slot.startTime,
      slot.classTypeId,
      slot.capacity,
    ]);
    if (count === 0) throw new DomainError('not-found', TIMETABLE_MESSAGES.slotNotFound);
  }

  async deleteSlot(slotId: string): Promise<void> {
    const count = await this.write('DELETE FROM timetable_slots WHERE slot_id = $1', [slotId]);
    if (count === 0) throw new DomainError('not-found', TIMETABLE_MESSAGES.slotNotFound);
  }

  async putChange(change: ClassChange): Promise<void> {
    await this.write(
      `INSERT INTO timetable_changes (slot_id, date, start_time, capacity, cancelled, notice) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (slot_id, date) DO UPDATE SET start_time = EXCLUDED.start_time, capacity = EXCLUDED.capacity, cancelled = EXCLUDED.cancelled, notice = EXCLUDED.notice`,
      [change.slotId, change.date, change.startTime, change.capacity, change.cancelled, change.notice],
    );
  }

  async deleteChange(slotId: string, date: string): Promise<void> {
    const count = await this.write('DELETE FROM timetable_changes WHERE slot_id = $1 AND date = $2', [slotId, date]);
    if (count === 0) throw new DomainError('not-found', TIMETABLE_MESSAGES.changeNotFound);
  }

  async putClosure(closure: Closure): Promise<void> {
    await this.write('INSERT INTO timetable_closures (date, notice) VALUES ($1, $2) ON CONFLICT (date) DO UPDATE SET notice = EXCLUDED.notice', [
      closure.date,
      closure.notice,
    ]);
  }

  async deleteClosure(date: string): Promise<void> {
    const count = await this.write('DELETE FROM timetable_closures WHERE date = $1', [date]);
    if (count === 0) throw new DomainError('not-found', TIMETABLE_MESSAGES.closureNotFound);
  }

  /** One statement; the table's own constraints answer in Spanish. */
  private async write(sql: string, values: unknown[]): Promise<number> {
    try {
      return (await this.pool.query(sql, values)).rowCount ?? 0;
    } catch (error) {
      const { code, constraint } = error as PgError;
      if (code === UNIQUE_VIOLATION && constraint === 'timetable_class_types_name_key')
        throw new DomainError('conflict', TIMETABLE_MESSAGES.nameTaken, { field: 'name' });
      if (code === UNIQUE_VIOLATION) throw new DomainError('conflict', TIMETABLE_MESSAGES.slotTaken, { field: 'startTime' });
      if (code === FOREIGN_KEY_VIOLATION && sql.startsWith('DELETE')) throw new DomainError('conflict', TIMETABLE_MESSAGES.classTypeInUse);
      if (code === FOREIGN_KEY_VIOLATION) throw new DomainError('not-found', TIMETABLE_MESSAGES.classTypeNotFound, { field: 'classTypeId' });
      throw error;
    }
  }
}

/** Shared by every caller: a mutation throws instead of changing what the next request reads. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

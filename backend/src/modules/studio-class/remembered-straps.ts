import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { SPANISH_ORDER } from '../../shared/spanish-text';
import { heartRateConsentInForceSinceSql } from '../heart-rate/heart-rate.read-model';
import { StudioClassReadModel, type ClassSessionRow } from './studio-class.read-model';
import { inTransaction } from '../../infrastructure/database/in-transaction';

export interface RememberedStrap {
  userId: string;
  sensorId: string;
  rememberedAt: Date;
  firstName: string;
  lastName: string;
}

/**
 * A member's strap, remembered when the desk pairs it with heart-rate consent in force (ADR 0370):
 * one strap per member, one member per strap (the last one it was given to). A strap counts only
 * while the consent it was remembered under is in force: a withdrawal forgets it (the row is
 * deleted when the withdrawal is recorded, and a consent decided after the strap was remembered
 * voids it even if that deletion never ran); an erasure deletes the row.
 */
@Injectable()
export class RememberedStraps {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly classes: StudioClassReadModel,
  ) {}

  async remember(userId: string, sensorId: string, at: string, by: string): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      // One pairing of a strap at a time, whichever instance: two desks giving it at once end with the
      // last one's wearer, never with both inserts meeting the strap's unique key.
      await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('studio-remembered-strap:' || $1, 0))`, [sensorId]);
      await client.query('DELETE FROM studio_remembered_straps WHERE sensor_id = $1 AND user_id <> $2', [sensorId, userId]);
      await client.query(
        `INSERT INTO studio_remembered_straps (user_id, sensor_id, remembered_at, remembered_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET sensor_id = EXCLUDED.sensor_id, remembered_at = EXCLUDED.remembered_at, remembered_by = EXCLUDED.remembered_by`,
        [userId, sensorId, at, by],
      );
    });
  }

  /** True when the member had a strap remembered. */
  async forget(userId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM studio_remembered_straps WHERE user_id = $1', [userId]);
    return rowCount === 1;
  }

  /** The straps in force (of these members, or of everyone), by name in Spanish order. */
  async inForce(userIds?: readonly string[]): Promise<RememberedStrap[]> {
    const { rows } = await this.pool.query<RememberedStrap>(
      `SELECT r.user_id AS "userId", r.sensor_id AS "sensorId", r.remembered_at AS "rememberedAt",
              coalesce(nullif(a.first_name, ''), c.first_name, '') AS "firstName", coalesce(a.last_name, '') AS "lastName"
         FROM studio_remembered_straps r
         LEFT JOIN member_contacts c ON c.user_id = r.user_id
         LEFT JOIN identity_accounts a ON a.id::text = r.user_id
        WHERE ${heartRateConsentInForceSinceSql('r.user_id', 'r.remembered_at')} AND ($1::text[] IS NULL OR r.user_id = ANY ($1::text[]))
        ORDER BY lower(coalesce(nullif(a.first_name, ''), c.first_name, '')) ${SPANISH_ORDER}, lower(coalesce(a.last_name, '')) ${SPANISH_ORDER}, r.user_id`,
      [userIds ? [...userIds] : null],
    );
    return rows;
  }

  /**
   * Gives each of these members (in this order) their remembered strap in the class, unless they
   * already wear one there or another participant wears that strap: the desk's own pairing always
   * wins, and assigning again changes nothing. Returns the members who got their strap now.
   */
  async assignIn(session: ClassSessionRow, userIds: readonly string[], by: string, now: Date): Promise<string[]> {
    if (userIds.length === 0 || session.endedAt) return [];
    const straps = new Map((await this.inForce(userIds)).map((strap) => [strap.userId, strap]));
    const assigned: string[] = [];
    for (const userId of userIds) {
      const strap = straps.get(userId);
      if (!strap) continue;
      const done = await this.classes.assignIfFree(session.id, {
        sensorId: strap.sensorId,
        userId,
        firstName: strap.firstName,
        lastName: strap.lastName,
        assignedAt: now.toISOString(),
        assignedBy: by,
      });
      if (done) assigned.push(userId);
    }
    return assigned;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { foldForSearch, foldedSql, SPANISH_ORDER } from '../../shared/spanish-text';
import { STUDIO_BOARD_NAMES } from './studio-board-names.projection';
import type { ClassReading } from './studio-class.rules';
import { inTransaction } from '../../infrastructure/database/in-transaction';

export interface ClassSessionRow {
  id: string;
  classDate: string;
  slot: string;
  /** The timetable's class (issue 40); null for a class started by its slot's label only. */
  slotId: string | null;
  className: string;
  startedAt: Date;
  startedBy: string;
  endedAt: Date | null;
}

export interface ParticipantRow {
  sensorId: string;
  kind: 'member' | 'guest';
  userId: string | null;
  bookingId: string | null;
  firstName: string;
  lastName: string;
  guestAge: number | null;
  assignedAt: Date;
  summarySentAt: Date | null;
  /** The member's board choice (ADR 0183); false for guests and members who never chose. */
  showName: boolean;
  /** The booking's address, for a guest. */
  guestEmail: string | null;
}

export interface PersonFound {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface GuestOfTheDay {
  bookingId: string;
  firstName: string;
  lastName: string;
  email: string;
  slot: string;
}

const SESSION_COLUMNS = `id::text AS id, to_char(class_date, 'YYYY-MM-DD') AS "classDate", slot, slot_id::text AS "slotId", class_name AS "className", started_at AS "startedAt", started_by AS "startedBy", ended_at AS "endedAt"`;

/** The class on the board as PostgreSQL keeps it (ADR 0181): sessions, assignments, readings. */
@Injectable()
export class StudioClassReadModel {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async openSession(): Promise<ClassSessionRow | null> {
    const { rows } = await this.pool.query<ClassSessionRow>(`SELECT ${SESSION_COLUMNS} FROM studio_class_sessions WHERE ended_at IS NULL`);
    return rows[0] ?? null;
  }

  async session(id: string): Promise<ClassSessionRow | null> {
    const { rows } = await this.pool.query<ClassSessionRow>(`SELECT ${SESSION_COLUMNS} FROM studio_class_sessions WHERE id = $1::uuid`, [id]);
    return rows[0] ?? null;
  }

  /** The last class of a day (to show what ended); null when none. */
  async lastSessionOf(classDate: string): Promise<ClassSessionRow | null> {
    const { rows } = await this.pool.query<ClassSessionRow>(
      `SELECT ${SESSION_COLUMNS} FROM studio_class_sessions WHERE class_date = $1::date ORDER BY started_at DESC LIMIT 1`,
      [classDate],
    );
    return rows[0] ?? null;
  }

  /** Inserts the class; false when another one is open (the partial unique index). */
  async insertSession(row: {
    id: string;
    classDate: string;
    slot: string;
    slotId: string | null;
    className: string;
    startedAt: string;
    startedBy: string;
  }): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO studio_class_sessions (id, class_date, slot, slot_id, class_name, started_at, started_by) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [row.id, row.classDate, row.slot, row.slotId, row.className, row.startedAt, row.startedBy],
    );
    return rowCount === 1;
  }

  async markEnded(id: string, endedAt: string, endedBy: string): Promise<void> {
    await this.pool.query(`UPDATE studio_class_sessions SET ended_at = $2, ended_by = $3 WHERE id = $1::uuid AND ended_at IS NULL`, [id, endedAt, endedBy]);
  }

  /** Stable order: by assignment, then sensor (ADR 0182). */
  async participants(sessionId: string): Promise<ParticipantRow[]> {
    const { rows } = await this.pool.query<ParticipantRow>(
      `SELECT p.sensor_id AS "sensorId", p.kind, p.user_id AS "userId", p.booking_id::text AS "bookingId", p.first_name AS "firstName", p.last_name AS "lastName",
              p.guest_age AS "guestAge", p.assigned_at AS "assignedAt", p.summary_sent_at AS "summarySentAt",
              coalesce(n.show_name, false) AS "showName", b.email AS "guestEmail"
         FROM studio_class_participants p
         LEFT JOIN ${STUDIO_BOARD_NAMES} n ON n.user_id = p.user_id
         LEFT JOIN free_class_bookings b ON b.id = p.booking_id
        WHERE p.session_id = $1::uuid
        ORDER BY p.assigned_at, p.sensor_id`,
      [sessionId],
    );
    return rows;
  }

  /** A sensor's assignment replaces the one it had; a person wears one sensor at a time. */
  async assign(
    sessionId: string,
    row: {
      sensorId: string;
      kind: 'member' | 'guest';
      userId: string | null;
      bookingId: string | null;
      firstName: string;
      lastName: string;
      guestAge: number | null;
      guestNoticeVersion: string | null;
      assignedAt: string;
      assignedBy: string;
    },
  ): Promise<void> {
    await this.transaction(async (client) => {
      await client.query(`DELETE FROM studio_class_participants WHERE session_id = $1::uuid AND sensor_id <> $2 AND (user_id = $3 OR booking_id = $4::uuid)`, [
        sessionId,
        row.sensorId,
        row.userId,
        row.bookingId,
      ]);
      await client.query(
        `INSERT INTO studio_class_participants (session_id, sensor_id, kind, user_id, booking_id, first_name, last_name, guest_age,
                                                guest_notice_version, guest_accepted_at, guest_accepted_by, assigned_at, assigned_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $9::text IS NULL THEN NULL ELSE $10::timestamptz END, CASE WHEN $9::text IS NULL THEN NULL ELSE $11 END, $10, $11)
         ON CONFLICT (session_id, sensor_id) DO UPDATE SET kind = EXCLUDED.kind, user_id = EXCLUDED.user_id, booking_id = EXCLUDED.booking_id,
           first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, guest_age = EXCLUDED.guest_age,
           guest_notice_version = EXCLUDED.guest_notice_version, guest_accepted_at = EXCLUDED.guest_accepted_at, guest_accepted_by = EXCLUDED.guest_accepted_by,
           assigned_at = EXCLUDED.assigned_at, assigned_by = EXCLUDED.assigned_by`,
        [
          sessionId,
          row.sensorId,
          row.kind,
          row.userId,
          row.bookingId,
          row.firstName,
          row.lastName,
          row.guestAge,
          row.guestNoticeVersion,
          row.assignedAt,
          row.assignedBy,
        ],
      );
    });
  }

  /**
   * A member's strap given without the desk (ADR 0371): only when the member wears nothing in the
   * class yet and nobody wears that strap; false when it was not given.
   */
  async assignIfFree(
    sessionId: string,
    row: { sensorId: string; userId: string; firstName: string; lastName: string; assignedAt: string; assignedBy: string },
  ): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO studio_class_participants (session_id, sensor_id, kind, user_id, first_name, last_name, assigned_at, assigned_by)
       SELECT $1::uuid, $2, 'member', $3, $4, $5, $6, $7
        WHERE NOT EXISTS (SELECT 1 FROM studio_class_participants WHERE session_id = $1::uuid AND user_id = $3)
       ON CONFLICT (session_id, sensor_id) DO NOTHING`,
      [sessionId, row.sensorId, row.userId, row.firstName, row.lastName, row.assignedAt, row.assignedBy],
    );
    return rowCount === 1;
  }

  /** Readings already kept are left as they are: a retried batch changes nothing. */
  async insertReadings(sessionId: string, readings: { sensorId: string; second: number; bpm: number; at: string }[]): Promise<number> {
    if (readings.length === 0) return 0;
    const { rowCount } = await this.pool.query(
      `INSERT INTO studio_class_samples (session_id, sensor_id, second, bpm, at)
       SELECT $1::uuid, * FROM unnest($2::text[], $3::int[], $4::int[], $5::timestamptz[])
       ON CONFLICT DO NOTHING`,
      [sessionId, readings.map((r) => r.sensorId), readings.map((r) => r.second), readings.map((r) => r.bpm), readings.map((r) => r.at)],
    );
    return rowCount ?? 0;
  }

  /** Every sensor's readings of the class, in order. */
  async readings(sessionId: string): Promise<Map<string, { readings: ClassReading[]; lastAt: Date | null }>> {
    const { rows } = await this.pool.query<{ sensor_id: string; seconds: number[]; bpms: number[]; last_at: Date }>(
      `SELECT sensor_id, array_agg(second ORDER BY second) AS seconds, array_agg(bpm ORDER BY second) AS bpms, max(at) AS last_at
         FROM studio_class_samples WHERE session_id = $1::uuid GROUP BY sensor_id`,
      [sessionId],
    );
    return new Map(
      rows.map((row) => [row.sensor_id, { readings: row.seconds.map((second, index) => ({ second, bpm: row.bpms[index]! })), lastAt: row.last_at }]),
    );
  }

  /** Claims the guest's one summary email (at most once, whoever ends the class). */
  async claimGuestSummary(sessionId: string, sensorId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE studio_class_participants SET summary_sent_at = now() WHERE session_id = $1::uuid AND sensor_id = $2 AND summary_sent_at IS NULL`,
      [sessionId, sensorId],
    );
    return rowCount === 1;
  }

  /** Members by name or email, as the desk types them (accents or not); up to 8, in Spanish order (ADR 0277). */
  async searchMembers(text: string): Promise<PersonFound[]> {
    const pattern = `%${foldForSearch(text.trim()).replace(/[\\%_]/g, '\\$&')}%`;
    const { rows } = await this.pool.query<PersonFound>(
      `SELECT c.user_id AS "userId", coalesce(nullif(a.first_name, ''), c.first_name) AS "firstName", coalesce(a.last_name, '') AS "lastName", c.email
         FROM member_contacts c
         LEFT JOIN identity_accounts a ON a.id::text = c.user_id
        WHERE coalesce(a.role, 'member') = 'member'
          AND (lower(c.email) LIKE $1 OR ${foldedSql(`coalesce(nullif(a.first_name, ''), c.first_name) || ' ' || coalesce(a.last_name, '')`)} LIKE $1)
        ORDER BY lower(coalesce(nullif(a.first_name, ''), c.first_name)) ${SPANISH_ORDER}, lower(coalesce(a.last_name, '')) ${SPANISH_ORDER}, c.email
        LIMIT 8`,
      [pattern],
    );
    return rows;
  }

  async member(userId: string): Promise<PersonFound | null> {
    const { rows } = await this.pool.query<PersonFound>(
      `SELECT c.user_id AS "userId", coalesce(nullif(a.first_name, ''), c.first_name) AS "firstName", coalesce(a.last_name, '') AS "lastName", c.email
         FROM member_contacts c LEFT JOIN identity_accounts a ON a.id::text = c.user_id WHERE c.user_id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /** The day's free-class bookings, the guests the desk may lend a sensor to, by slot and then name in Spanish order. */
  async guestsOf(classDate: string): Promise<GuestOfTheDay[]> {
    const { rows } = await this.pool.query<GuestOfTheDay>(
      `SELECT id::text AS "bookingId", name AS "firstName", lastname AS "lastName", email, slot
         FROM free_class_bookings WHERE class_date = $1::date ORDER BY slot, lower(name) ${SPANISH_ORDER}, lower(lastname) ${SPANISH_ORDER}, id`,
      [classDate],
    );
    return rows;
  }

  async boardShowName(userId: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ show_name: boolean }>(`SELECT show_name FROM ${STUDIO_BOARD_NAMES} WHERE user_id = $1`, [userId]);
    return rows[0]?.show_name ?? false;
  }

  private transaction(work: (client: PoolClient) => Promise<void>): Promise<void> {
    return inTransaction(this.pool, work);
  }
}

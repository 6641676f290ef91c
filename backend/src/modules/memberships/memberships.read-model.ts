import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import type { LocalDate } from '../../shared/studio-day';
import { MEMBER_MEMBERSHIP_SHARES, MEMBER_MEMBERSHIPS, type MembershipDocument } from './member-memberships.projection';

export interface StoredMembership extends Omit<MembershipDocument, 'sharedBefore'> {
  /** The member who holds the pool (the buyer of a couples or family plan). */
  holderId: string;
}

export interface ExpiringMembership extends StoredMembership {
  firstName: string | null;
  email: string | null;
}

interface MembershipRaw {
  user_id: string;
  membership_id: string;
  plan_id: string;
  plan_title: string;
  classes_left: number | null;
  classes_per_period: number | null;
  shared_with: string[];
  valid_from: string;
  valid_until: string;
  frozen_from: string | null;
  expired: boolean;
  updated_at: string;
  first_name?: string | null;
  email?: string | null;
}

const COLUMNS =
  'm.user_id, m.membership_id, m.plan_id, m.plan_title, m.classes_left, m.classes_per_period, m.shared_with, m.valid_from, m.valid_until, m.frozen_from, m.expired, m.updated_at';

function stored(row: MembershipRaw): StoredMembership {
  return {
    holderId: row.user_id,
    membershipId: row.membership_id,
    planId: row.plan_id,
    planTitle: row.plan_title,
    classesLeft: row.classes_left,
    classesPerPeriod: row.classes_per_period,
    sharedWith: row.shared_with,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    frozenFrom: row.frozen_from,
    expired: row.expired,
    updatedAt: row.updated_at,
  };
}

/** The memberships' reads (ADR 0350): a member's own or shared pool, and the desk's list of those ending soon. */
@Injectable()
export class MembershipsReadModel {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** The membership whose pool `userId` holds, ended or not; null before their first. */
  async heldBy(userId: string): Promise<StoredMembership | null> {
    const { rows } = await this.pool.query<MembershipRaw>(`SELECT ${COLUMNS} FROM ${MEMBER_MEMBERSHIPS} m WHERE m.user_id = $1`, [userId]);
    return rows[0] ? stored(rows[0]) : null;
  }

  /** The memberships in force that share their pool with `userId` (a couple's or family's other members), latest last day first. */
  async sharedWith(userId: string): Promise<StoredMembership[]> {
    const { rows } = await this.pool.query<MembershipRaw>(
      `SELECT ${COLUMNS} FROM ${MEMBER_MEMBERSHIP_SHARES} s JOIN ${MEMBER_MEMBERSHIPS} m ON m.user_id = s.user_id
        WHERE s.member_id = $1 AND s.in_force AND NOT m.expired ORDER BY m.valid_until DESC, m.user_id`,
      [userId],
    );
    return rows.map(stored);
  }

  /** Holders of every pool a member shares or once shared (not their own), for their data export. */
  async holdersOfPoolsShared(userId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      `SELECT DISTINCT user_id FROM ${MEMBER_MEMBERSHIP_SHARES} WHERE member_id = $1 AND user_id <> $1 ORDER BY user_id`,
      [userId],
    );
    return rows.map((row) => row.user_id);
  }

  /** Memberships in force, not frozen, whose last day is within `from`…`to`, soonest first, with the holder's contact. */
  async expiringBetween(from: LocalDate, to: LocalDate, limit = 500): Promise<ExpiringMembership[]> {
    const { rows } = await this.pool.query<MembershipRaw>(
      `SELECT ${COLUMNS}, c.first_name, c.email FROM ${MEMBER_MEMBERSHIPS} m LEFT JOIN member_contacts c ON c.user_id = m.user_id
        WHERE NOT m.expired AND m.frozen_from IS NULL AND m.valid_until BETWEEN $1 AND $2
        ORDER BY m.valid_until, m.user_id LIMIT $3`,
      [from, to, limit],
    );
    return rows.map((row) => ({ ...stored(row), firstName: row.first_name ?? null, email: row.email ?? null }));
  }

  /** The owner's report: memberships in force on `today` (frozen ones too), counted by classes left (null: unlimited). */
  async countsByClassesLeft(today: LocalDate): Promise<Array<{ classesLeft: number | null; count: number }>> {
    const { rows } = await this.pool.query<{ classes_left: number | null; count: string }>(
      `SELECT m.classes_left, count(*) AS count FROM ${MEMBER_MEMBERSHIPS} m WHERE NOT m.expired AND m.valid_until >= $1 GROUP BY m.classes_left`,
      [today],
    );
    return rows.map((row) => ({ classesLeft: row.classes_left, count: Number(row.count) }));
  }

  /** The owner's report: memberships in force, not frozen, whose last day is within `from`…`to`, counted per last day. */
  async countsByLastDay(from: LocalDate, to: LocalDate): Promise<Array<{ date: LocalDate; count: number }>> {
    const { rows } = await this.pool.query<{ date: string; count: string }>(
      `SELECT m.valid_until AS date, count(*) AS count FROM ${MEMBER_MEMBERSHIPS} m
        WHERE NOT m.expired AND m.frozen_from IS NULL AND m.valid_until BETWEEN $1 AND $2 GROUP BY m.valid_until`,
      [from, to],
    );
    return rows.map((row) => ({ date: row.date, count: Number(row.count) }));
  }

  /** Holders whose membership ran past its last day without its `MembershipExpired` yet (the expiry sweep's work). */
  async pastTheirLastDay(today: LocalDate, limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      `SELECT m.user_id FROM ${MEMBER_MEMBERSHIPS} m WHERE NOT m.expired AND m.frozen_from IS NULL AND m.valid_until < $1 ORDER BY m.valid_until LIMIT $2`,
      [today, limit],
    );
    return rows.map((row) => row.user_id);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { localDateOf } from '../../shared/studio-day';
import { computeStreaks } from '../progress/progress.rules';
import { MEMBER_STREAM_PREFIX } from '../members/member.events';
import { ACTIVITY_LOG, ACTIVITY_STREAMS } from './staff-activity.projection';

export interface MemberSummary {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  signedUpAt: string | null;
  lastActivityAt: string | null;
  lastWorkoutAt: string | null;
  totalWorkouts: number;
  activePlans: number;
  currentStreak: number;
}

interface Row {
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  created_at: Date | null;
  last_activity: Date | null;
  last_workout: string | null;
  total_workouts: string;
  enrolled: string;
  ended: string;
  days: string[] | null;
}

/**
 * Members with figures computed from their streams at read time (ADR 0082), read from
 * the staff console's read model (ADR 0087): last activity (the newest `occurredAt` of
 * the stream), active plans, current streak and total workouts. Members are the local
 * accounts with the member role plus every `member-*` stream (members of an external
 * identity provider have no local account).
 */
@Injectable()
export class MembersOverview {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(options: { q?: string; inactiveDays?: number; limit: number; offset: number }): Promise<{ items: MemberSummary[]; hasMore: boolean }> {
    const params: unknown[] = [this.config.auth.staffEmails];
    let search = '';
    if (options.q) {
      params.push(`%${options.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      search = `WHERE lower(coalesce(email, '')) LIKE $2 OR lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) LIKE $2 OR user_id LIKE $2`;
    }
    let inactive = '';
    if (options.inactiveDays !== undefined) {
      params.push(options.inactiveDays);
      inactive = `WHERE st.last_workout_at IS NULL OR st.last_workout_at < now() - make_interval(days => $${params.length})`;
    }
    params.push(options.limit + 1, options.offset);
    // The page is chosen on what `activity_streams` keeps per stream (last activity, last workout), then
    // only its members' events are aggregated: the cost follows the page, not the number of members.
    const sql = `
      WITH members AS (
        SELECT user_id, first_name, last_name, email, created_at FROM (
          SELECT a.id::text AS user_id, a.first_name, a.last_name, a.email, a.created_at FROM identity_accounts a WHERE a.role = 'member' AND NOT (a.email = ANY ($1::text[]))
          UNION ALL
          SELECT st.member_id, NULL, NULL, NULL, NULL FROM ${ACTIVITY_STREAMS} st
           WHERE st.member_id IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM identity_accounts a WHERE a.id::text = st.member_id)
        ) m ${search}
      ), page AS (
        SELECT m.*, st.last_activity_at AS last_activity FROM members m
        LEFT JOIN ${ACTIVITY_STREAMS} st ON st.stream_id = '${MEMBER_STREAM_PREFIX}' || m.user_id
        ${inactive}
        ORDER BY st.last_activity_at DESC NULLS LAST, m.email, m.user_id
        LIMIT $${params.length - 1} OFFSET $${params.length}
      )
      SELECT page.*, s.* FROM page
      CROSS JOIN LATERAL (
        SELECT max(e.data->>'occurredAt') FILTER (WHERE e.event_type = 'WorkoutCompleted') AS last_workout,
               count(*) FILTER (WHERE e.event_type = 'WorkoutCompleted')::text AS total_workouts,
               count(DISTINCT e.data->>'enrollmentId') FILTER (WHERE e.event_type = 'EnrolledInPlan')::text AS enrolled,
               count(DISTINCT e.data->>'enrollmentId') FILTER (WHERE e.event_type IN ('EnrollmentAbandoned', 'EnrollmentCompleted'))::text AS ended,
               array_agg(DISTINCT e.data->>'localDate') FILTER (WHERE e.event_type = 'WorkoutCompleted') AS days
          FROM ${ACTIVITY_LOG} e WHERE e.stream_id = '${MEMBER_STREAM_PREFIX}' || page.user_id
      ) s
      ORDER BY page.last_activity DESC NULLS LAST, page.email, page.user_id`;
    const { rows } = await this.pool.query<Row>(sql, params);
    const today = localDateOf(new Date());
    const items = rows.slice(0, options.limit).map((row): MemberSummary => ({
      userId: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      signedUpAt: row.created_at?.toISOString() ?? null,
      lastActivityAt: row.last_activity?.toISOString() ?? null,
      lastWorkoutAt: row.last_workout,
      totalWorkouts: Number(row.total_workouts),
      activePlans: Math.max(0, Number(row.enrolled) - Number(row.ended)),
      currentStreak: computeStreaks(row.days ?? [], today).currentStreak,
    }));
    return { items, hasMore: rows.length > options.limit };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import type { EnrollmentHoldActor } from './member.events';
import type { EnrollmentStatus } from './member.decider';
import { MEMBER_ENROLLMENTS } from './member-enrollments.projection';

export interface EnrollmentRow {
  enrollmentId: string;
  userId: string;
  planId: string;
  workoutIds: string[];
  currentIndex: number;
  status: EnrollmentStatus;
  pausedBy: EnrollmentHoldActor | null;
  enrolledAt: string;
  completedAt: string | null;
}

interface Raw {
  enrollment_id: string;
  user_id: string;
  plan_id: string;
  workout_ids: string[];
  current_index: number;
  status: EnrollmentStatus;
  paused_by: EnrollmentHoldActor | null;
  enrolled_at: Date;
  completed_at: Date | null;
}

const COLUMNS = 'enrollment_id, user_id, plan_id, workout_ids, current_index, status, paused_by, enrolled_at, completed_at';

/** Queries on `member_enrollments`, always scoped to one member. */
@Injectable()
export class MemberEnrollmentsReadModel {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** The member's enrolments still on their list (abandoned ones have left it), oldest first. */
  async listForMember(userId: string): Promise<EnrollmentRow[]> {
    const { rows } = await this.pool.query<Raw>(
      `SELECT ${COLUMNS} FROM ${MEMBER_ENROLLMENTS} WHERE user_id = $1 AND status <> 'abandoned' ORDER BY enrolled_at, enrollment_id`,
      [userId],
    );
    return rows.map(toRow);
  }

  /** One of the member's enrolments; another member's id is simply not there. */
  async findForMember(userId: string, enrollmentId: string): Promise<EnrollmentRow | undefined> {
    const { rows } = await this.pool.query<Raw>(`SELECT ${COLUMNS} FROM ${MEMBER_ENROLLMENTS} WHERE enrollment_id = $1 AND user_id = $2`, [
      enrollmentId,
      userId,
    ]);
    return rows[0] ? toRow(rows[0]) : undefined;
  }
}

function toRow(raw: Raw): EnrollmentRow {
  return {
    enrollmentId: raw.enrollment_id,
    userId: raw.user_id,
    planId: raw.plan_id,
    workoutIds: raw.workout_ids,
    currentIndex: raw.current_index,
    status: raw.status,
    pausedBy: raw.paused_by,
    enrolledAt: raw.enrolled_at.toISOString(),
    completedAt: raw.completed_at ? raw.completed_at.toISOString() : null,
  };
}

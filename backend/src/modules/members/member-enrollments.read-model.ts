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
  /** How many workouts the enrolment's frozen order holds (ADR 0061). */
  totalWorkouts: number;
  currentIndex: number;
  status: EnrollmentStatus;
  pausedBy: EnrollmentHoldActor | null;
  enrolledAt: string;
  completedAt: string | null;
}

/** An enrolment with the workout it is at and the one after it, in its frozen order (null past the end). */
export interface EnrollmentAtIndex extends EnrollmentRow {
  currentWorkoutId: string | null;
  nextWorkoutId: string | null;
}

/** An enrolment with its whole frozen order: the workout calendar lays it out. */
export interface EnrollmentWithOrder extends EnrollmentRow {
  workoutIds: string[];
}

interface Raw {
  enrollment_id: string;
  user_id: string;
  plan_id: string;
  total_workouts: number;
  current_index: number;
  status: EnrollmentStatus;
  paused_by: EnrollmentHoldActor | null;
  enrolled_at: Date;
  completed_at: Date | null;
}

/**
 * The frozen order stays in PostgreSQL unless a caller needs all of it: a list or a current workout
 * reads its length and the one or two ids it shows, not a parsed array of every workout id.
 */
const COLUMNS = 'enrollment_id, user_id, plan_id, cardinality(workout_ids) AS total_workouts, current_index, status, paused_by, enrolled_at, completed_at';
/** A member's enrolments still on their list (abandoned ones have left it), oldest first. */
const MEMBER_LIST = `FROM ${MEMBER_ENROLLMENTS} WHERE user_id = $1 AND status <> 'abandoned' ORDER BY enrolled_at, enrollment_id`;
/** PostgreSQL arrays count from 1 and answer NULL past their end. */
const AT_INDEX = `workout_ids[LEAST(current_index, cardinality(workout_ids)) + 1] AS current_workout_id,
  workout_ids[LEAST(current_index, cardinality(workout_ids)) + 2] AS next_workout_id`;

/** Queries on `member_enrollments`, always scoped to one member. */
@Injectable()
export class MemberEnrollmentsReadModel {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** The member's enrolments still on their list (abandoned ones have left it), oldest first. */
  async listForMember(userId: string): Promise<EnrollmentRow[]> {
    const { rows } = await this.pool.query<Raw>(`SELECT ${COLUMNS} ${MEMBER_LIST}`, [userId]);
    return rows.map(toRow);
  }

  /** The same list with each enrolment's whole frozen order. */
  async listWithOrderForMember(userId: string): Promise<EnrollmentWithOrder[]> {
    const { rows } = await this.pool.query<Raw & { workout_ids: string[] }>(`SELECT ${COLUMNS}, workout_ids ${MEMBER_LIST}`, [userId]);
    return rows.map((raw) => ({ ...toRow(raw), workoutIds: raw.workout_ids }));
  }

  /** One of the member's enrolments, at its current workout; another member's id is simply not there. */
  async findForMember(userId: string, enrollmentId: string): Promise<EnrollmentAtIndex | undefined> {
    const { rows } = await this.pool.query<Raw & { current_workout_id: string | null; next_workout_id: string | null }>(
      `SELECT ${COLUMNS}, ${AT_INDEX} FROM ${MEMBER_ENROLLMENTS} WHERE enrollment_id = $1 AND user_id = $2`,
      [enrollmentId, userId],
    );
    const raw = rows[0];
    return raw ? { ...toRow(raw), currentWorkoutId: raw.current_workout_id, nextWorkoutId: raw.next_workout_id } : undefined;
  }
}

function toRow(raw: Raw): EnrollmentRow {
  return {
    enrollmentId: raw.enrollment_id,
    userId: raw.user_id,
    planId: raw.plan_id,
    totalWorkouts: raw.total_workouts,
    currentIndex: raw.current_index,
    status: raw.status,
    pausedBy: raw.paused_by,
    enrolledAt: raw.enrolled_at.toISOString(),
    completedAt: raw.completed_at ? raw.completed_at.toISOString() : null,
  };
}

import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { CatalogReadModel } from '../catalog/catalog.read-model';
import { MONTHLY_POINTS_TARGET, type HeartRateSummary } from '../heart-rate/heart-rate.rules';
import { heartRateConsentedSql } from '../heart-rate/heart-rate.read-model';
import type { PaginationDto, PlanRefDto, ProgressRecordDto, RecentWorkoutDto, StatsDto, WorkoutRefDto } from './dto/progress.dto';
import { localDateOf, type LocalDate } from '../../shared/studio-day';
import { MEMBER_ACHIEVEMENTS, MEMBER_ACTIVE_DAYS, MEMBER_PLAN_ENROLLMENTS, MEMBER_PROGRESS_TOTALS } from './member-progress.projection';
import { PROGRESS_RECORDS } from './progress-records.projection';
import { achievementsAsOf, figuresAsOf, heartRateFiguresAsOf } from './progress.rules';
import { timerSessionTitle } from '../interval-timer/interval-timer.rules';

export const RECENT_WORKOUTS = 5;
export const DEFAULT_PROGRESS_LIMIT = 100;

/** Shown when a history entry points at a workout the catalogue no longer has. */
const UNKNOWN_WORKOUT_TITLE = 'Entrenamiento no disponible';

interface StatsRow {
  /** localDate, workouts, seconds, Puntos Pulso, heart-rate sessions, badge sessions. */
  days: [LocalDate, number, string, number, number, number][];
  achievements: [string, string][];
  distinct_plans: number | null;
  active_plans: string;
  recent: [string, string, string | null, number, string | null][];
  /** A member who never decided has not consented. */
  heart_rate_consented: boolean;
}

/**
 * An instant written by PostgreSQL as `Date.prototype.toISOString()` writes it (UTC, milliseconds,
 * `Z`): a page of a hundred completions is then not parsed into dates only to be written back.
 */
const ISO_INSTANT = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface RecordRow {
  completion_id: string;
  workout_id: string;
  plan_id: string | null;
  enrollment_id: string | null;
  is_running: boolean;
  duration_sec: number;
  /** The instant as the API writes it (`toISOString()`'s format), written by PostgreSQL. */
  completed_at: string;
  local_date: string;
  heart_rate: HeartRateSummary | null;
  timer_name: string | null;
  class_name: string | null;
}

/**
 * The member's figures and history as spec section 7 serves them. Stored facts come
 * from the projections in one query; everything that depends on "now" (today, this
 * week, this month, the current streak) is derived from the stored days and the studio
 * date of `now` with the progress rules, so no timer keeps anything up to date (ADR 0055).
 */
@Injectable()
export class ProgressReadModel {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly catalog: CatalogReadModel,
  ) {}

  async statsFor(userId: string, now: Date = new Date()): Promise<StatsDto> {
    const today = localDateOf(now);
    // One statement, heart-rate consent included: one snapshot, one round trip, one write to the socket.
    const { rows } = await this.pool.query<StatsRow>(
      `SELECT
         (SELECT coalesce(json_agg(json_build_array(local_date::text, workouts, duration_sec::text, points, heart_rate_sessions, badge_sessions) ORDER BY local_date), '[]'::json)
            FROM ${MEMBER_ACTIVE_DAYS} WHERE user_id = $1 AND local_date <= $2::date) AS days,
         (SELECT coalesce(json_agg(json_build_array(code, unlocked_at)), '[]'::json)
            FROM ${MEMBER_ACHIEVEMENTS} WHERE user_id = $1) AS achievements,
         (SELECT cardinality(plan_ids) FROM ${MEMBER_PROGRESS_TOTALS} WHERE user_id = $1) AS distinct_plans,
         (SELECT count(DISTINCT plan_id) FROM ${MEMBER_PLAN_ENROLLMENTS} WHERE user_id = $1 AND status = 'active') AS active_plans,
         (SELECT coalesce(json_agg(json_build_array(r.workout_id, r.occurred_at, r.timer_name, r.duration_sec, r.class_name)), '[]'::json)
            FROM (SELECT workout_id, occurred_at, timer_name, duration_sec, class_name FROM ${PROGRESS_RECORDS}
                   WHERE user_id = $1 AND local_date <= $2::date
                   ORDER BY occurred_at DESC, completion_id DESC LIMIT ${RECENT_WORKOUTS}) r) AS recent,
         ${heartRateConsentedSql('$1')} AS heart_rate_consented`,
      [userId, today],
    );
    const row = rows[0]!;
    const days = row.days.map(([localDate, workouts, durationSec, points, heartRateSessions, badgeSessions]) => ({
      localDate,
      workouts,
      durationSec: Number(durationSec),
      points,
      heartRateSessions,
      badgeSessions,
    }));
    const figures = figuresAsOf(days, today);
    const heartRate = heartRateFiguresAsOf(days, today);
    const unlockedAt = new Map(row.achievements.map(([code, at]) => [code, new Date(at).toISOString()]));
    const recentWorkouts: RecentWorkoutDto[] = row.recent.map(([workoutId, at, timerName, durationSec, className]) => ({
      completedAt: new Date(at).toISOString(),
      workoutId: this.workoutRef(workoutId, timerName, durationSec, className),
    }));
    return {
      ...figures,
      activePlans: Number(row.active_plans),
      recentWorkouts,
      achievements: achievementsAsOf(unlockedAt, figures, row.distinct_plans ?? 0, today, heartRate),
      heartRate: {
        consented: row.heart_rate_consented,
        thisMonthPoints: heartRate.thisMonthPoints,
        thisWeekPoints: heartRate.thisWeekPoints,
        totalPoints: heartRate.totalPoints,
        monthlyPointsTarget: MONTHLY_POINTS_TARGET,
        sessions: heartRate.heartRateSessions,
        badgeSessions: heartRate.badgeSessions,
      },
    };
  }

  /** The member's completions, newest first, with the workout and the plan populated as the SPA reads them. */
  async listFor(userId: string, page: { limit?: number; offset?: number } = {}): Promise<{ progress: ProgressRecordDto[]; pagination: PaginationDto }> {
    const limit = page.limit ?? DEFAULT_PROGRESS_LIMIT;
    const offset = page.offset ?? 0;
    // The page and the member's total in one round trip (one snapshot too): a row with the total
    // and no record when the page is past the end.
    const { rows } = await this.pool.query<{ total: string } & { [K in keyof RecordRow]: RecordRow[K] | null }>(
      `SELECT c.total, r.completion_id, r.workout_id, r.plan_id, r.enrollment_id, r.is_running, r.duration_sec,
              ${ISO_INSTANT('r.occurred_at')} AS completed_at, r.local_date, r.heart_rate, r.timer_name, r.class_name
         FROM (SELECT count(*) AS total FROM ${PROGRESS_RECORDS} WHERE user_id = $1) c
         LEFT JOIN LATERAL (
           SELECT completion_id, workout_id, plan_id, enrollment_id, is_running, duration_sec, occurred_at, local_date::text AS local_date, heart_rate, timer_name, class_name
             FROM ${PROGRESS_RECORDS} WHERE user_id = $1
            ORDER BY occurred_at DESC, completion_id DESC LIMIT $2 OFFSET $3) r ON true
        ORDER BY r.occurred_at DESC, r.completion_id DESC`,
      [userId, limit, offset],
    );
    const total = Number(rows[0]?.total ?? 0);
    const records = { rows: rows.filter((row): row is { total: string } & RecordRow => row.completion_id !== null) };
    return {
      progress: records.rows.map((record) => ({
        _id: record.completion_id,
        completedAt: record.completed_at,
        localDate: record.local_date,
        workoutId: this.workoutRef(record.workout_id, record.timer_name, record.duration_sec, record.class_name),
        planId: record.plan_id === null ? null : this.planRef(record.plan_id),
        enrollmentId: record.enrollment_id,
        durationSec: record.duration_sec,
        isRunning: record.is_running,
        heartRate: record.heart_rate,
      })),
      pagination: { limit, offset, total, hasMore: offset + records.rows.length < total },
    };
  }

  /**
   * The member's completions on the studio days from `from` to `to` (inclusive), in the order
   * they happened: the workout calendar marks its done days with them.
   */
  async completionsBetween(userId: string, from: LocalDate, to: LocalDate): Promise<{ localDate: LocalDate; workoutId: string }[]> {
    const { rows } = await this.pool.query<{ local_date: string; workout_id: string }>(
      `SELECT local_date::text AS local_date, workout_id FROM ${PROGRESS_RECORDS}
        WHERE user_id = $1 AND local_date BETWEEN $2::date AND $3::date
        ORDER BY occurred_at, completion_id`,
      [userId, from, to],
    );
    return rows.map((row) => ({ localDate: row.local_date, workoutId: row.workout_id }));
  }

  /** A timer session is named after its timer and lasts what was trained (ADR 0161). */
  private workoutRef(id: string, timerName: string | null, durationSec: number, className: string | null = null): WorkoutRefDto {
    // A class on the studio board is named after the class of the day (ADR 0180).
    if (className !== null) return { _id: id, title: className, estDurationSec: durationSec };
    if (timerName !== null) return { _id: id, title: timerSessionTitle({ name: timerName }), estDurationSec: durationSec };
    const training = this.catalog.findWorkout(id);
    if (training) return { _id: id, title: training.title, estDurationSec: training.estDurationSec };
    const running = this.catalog.findRunningWorkout(id);
    if (running) return { _id: id, title: running.title, estDurationSec: running.duration * 60 };
    return { _id: id, title: UNKNOWN_WORKOUT_TITLE, estDurationSec: 0 };
  }

  private planRef(id: string): PlanRefDto {
    return { _id: id, title: this.catalog.findPlan(id)?.title ?? 'Plan no disponible' };
  }
}

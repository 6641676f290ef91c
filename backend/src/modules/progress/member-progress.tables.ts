import type { Projection } from '../../infrastructure/projections/projection';

/**
 * The tables of the member_progress projection (ADR 0055): the member's figures, kept as facts
 * that do not depend on "now": the studio-local days with workouts, the runs of consecutive
 * days, the Puntos Pulso of each day and month, the best values of the achievement metrics, the achievements with their moment and the
 * enrolments' status. What depends on today (current streak, this week, this month,
 * hasWorkoutToday) is derived from these at query time by ProgressReadModel.
 */
export const MEMBER_ACTIVE_DAYS = 'member_active_days';
export const MEMBER_STREAK_RUNS = 'member_streak_runs';
export const MEMBER_PROGRESS_TOTALS = 'member_progress_totals';
export const MEMBER_ACHIEVEMENTS = 'member_achievements';
export const MEMBER_PLAN_ENROLLMENTS = 'member_plan_enrollments';
export const MEMBER_PERIOD_COUNTS = 'member_period_counts';

/**
 * Each primary key is added after its table (ADR 0255): a replay from empty writes the held rows
 * with COPY into bare tables and the keys are built once, side by side, at the end (ADR 0275).
 */
export const MEMBER_PROGRESS_TABLES: Projection['tables'] = {
  [MEMBER_ACTIVE_DAYS]: (table) => [
    `CREATE TABLE ${table} (
      user_id text NOT NULL,
      local_date date NOT NULL,
      workouts integer NOT NULL,
      duration_sec bigint NOT NULL,
      points integer NOT NULL,
      heart_rate_sessions integer NOT NULL,
      badge_sessions integer NOT NULL
    )`,
    `ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY (user_id, local_date)`,
  ],
  [MEMBER_STREAK_RUNS]: (table) => [
    `CREATE TABLE ${table} (
      user_id text NOT NULL,
      start_date date NOT NULL,
      end_date date NOT NULL
    )`,
    `ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY (user_id, start_date)`,
    `CREATE INDEX ${table}_by_end ON ${table} (user_id, end_date)`,
  ],
  [MEMBER_PERIOD_COUNTS]: (table) => [
    // period: 'YYYY-MM' for a calendar month, 'W' + its Monday for a week (workouts: the workouts counted);
    // 'P' + 'YYYY-MM' for the Puntos Pulso of a calendar month (workouts: the points).
    `CREATE TABLE ${table} (
      user_id text NOT NULL,
      period text NOT NULL,
      workouts integer NOT NULL
    )`,
    `ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY (user_id, period)`,
  ],
  [MEMBER_PROGRESS_TOTALS]: (table) => [
    `CREATE TABLE ${table} (
      user_id text NOT NULL,
      total_workouts integer NOT NULL,
      total_duration_sec bigint NOT NULL,
      best_streak integer NOT NULL,
      best_month integer NOT NULL,
      best_week integer NOT NULL,
      plan_ids text[] NOT NULL,
      heart_rate_sessions integer NOT NULL,
      badge_sessions integer NOT NULL,
      best_month_points integer NOT NULL,
      unlocked text[] NOT NULL
    )`,
    `ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY (user_id)`,
  ],
  [MEMBER_ACHIEVEMENTS]: (table) => [
    `CREATE TABLE ${table} (
      user_id text NOT NULL,
      code text NOT NULL,
      unlocked_at timestamptz NOT NULL
    )`,
    `ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY (user_id, code)`,
  ],
  [MEMBER_PLAN_ENROLLMENTS]: (table) => [
    `CREATE TABLE ${table} (
      enrollment_id text NOT NULL,
      user_id text NOT NULL,
      plan_id text NOT NULL,
      status text NOT NULL,
      updated_at timestamptz NOT NULL
    )`,
    `ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY (enrollment_id)`,
    `CREATE INDEX ${table}_by_member ON ${table} (user_id)`,
  ],
};

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The workout catalogue: plain tables, not event-sourced (ADR 0040). Rows are
 * written only by the seeder (modules/catalog/catalog.seeder.ts); content removed
 * from the seed is retired, never deleted, so history and enrolments keep resolving.
 */
export class Catalog1763840000000 implements MigrationInterface {
  name = 'Catalog1763840000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE catalog_exercises (
        id uuid PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        name text NOT NULL,
        primary_muscles text[] NOT NULL,
        media_family text NOT NULL,
        equipment text[] NOT NULL DEFAULT '{}',
        position integer NOT NULL,
        retired_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE catalog_workouts (
        id uuid PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        title text NOT NULL,
        goal text NOT NULL,
        description text NOT NULL,
        difficulty text NOT NULL CHECK (difficulty IN ('beginner', 'intermediate', 'advanced')),
        workout_types text[] NOT NULL,
        est_duration_sec integer NOT NULL CHECK (est_duration_sec > 0),
        est_duration_min integer NOT NULL CHECK (est_duration_min > 0),
        calculated_duration_min integer NOT NULL,
        total_rounds integer NOT NULL,
        target_muscles text[] NOT NULL,
        requires_equipment text[] NOT NULL,
        rounds jsonb NOT NULL,
        position integer NOT NULL,
        retired_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE catalog_running_workouts (
        id uuid PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        title text NOT NULL,
        goal text NOT NULL,
        description text NOT NULL,
        difficulty text NOT NULL CHECK (difficulty IN ('beginner', 'intermediate', 'advanced')),
        distance_km numeric(6, 2) NOT NULL,
        duration_min integer NOT NULL,
        running_type text NOT NULL,
        terrain text NOT NULL,
        calories integer NOT NULL,
        pace_instructions text NOT NULL,
        intervals jsonb NOT NULL,
        tips text[] NOT NULL,
        requirements text[] NOT NULL,
        position integer NOT NULL,
        retired_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE catalog_plans (
        id uuid PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        title text NOT NULL,
        description text NOT NULL,
        difficulty text NOT NULL CHECK (difficulty IN ('beginner', 'intermediate', 'advanced')),
        estimated_weeks integer NOT NULL CHECK (estimated_weeks > 0),
        position integer NOT NULL,
        retired_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE catalog_plan_workouts (
        plan_id uuid NOT NULL REFERENCES catalog_plans (id) ON DELETE CASCADE,
        position integer NOT NULL,
        workout_id uuid NOT NULL REFERENCES catalog_workouts (id),
        week integer NOT NULL,
        PRIMARY KEY (plan_id, position)
      )`);
    await runner.query('CREATE INDEX catalog_plan_workouts_workout ON catalog_plan_workouts (workout_id)');
    await runner.query(`
      CREATE TABLE catalog_seed_state (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        version integer NOT NULL,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE catalog_seed_state, catalog_plan_workouts, catalog_plans, catalog_running_workouts, catalog_workouts, catalog_exercises');
  }
}

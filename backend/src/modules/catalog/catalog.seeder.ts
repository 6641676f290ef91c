import type { Pool, PoolClient } from 'pg';
import type { CatalogSeed } from './seed/catalog-seed';
import { inTransaction } from '../../infrastructure/database/in-transaction';

export type SeedOutcome = 'applied' | 'unchanged' | 'newer-in-database';

/** One key for every replica, so two instances starting together seed once. */
const SEED_LOCK = "hashtext('pulso:catalog-seed')";

async function upsertRows(client: PoolClient, seed: CatalogSeed): Promise<void> {
  await client.query(
    `INSERT INTO catalog_exercises (id, slug, name, primary_muscles, media_family, equipment, position)
     SELECT x.id, x.slug, x.name,
            ARRAY(SELECT jsonb_array_elements_text(x."primaryMuscles")), x.family,
            ARRAY(SELECT jsonb_array_elements_text(x.equipment)), x.position
       FROM jsonb_to_recordset($1::jsonb)
         AS x(id uuid, slug text, name text, "primaryMuscles" jsonb, family text, equipment jsonb, position int)
     ON CONFLICT (id) DO UPDATE SET
       slug = EXCLUDED.slug, name = EXCLUDED.name, primary_muscles = EXCLUDED.primary_muscles,
       media_family = EXCLUDED.media_family, equipment = EXCLUDED.equipment, position = EXCLUDED.position,
       retired_at = NULL, updated_at = now()`,
    [JSON.stringify(seed.exercises)],
  );
  await client.query(
    `INSERT INTO catalog_workouts (id, slug, title, goal, description, difficulty, workout_types, est_duration_sec,
                                   est_duration_min, calculated_duration_min, total_rounds, target_muscles,
                                   requires_equipment, rounds, position)
     SELECT x.id, x.slug, x.title, x.goal, x.description, x.difficulty,
            ARRAY(SELECT jsonb_array_elements_text(x."workoutTypes")), x."estDurationSec", x."estDurationMin",
            x."calculatedDurationMin", x."totalRounds",
            ARRAY(SELECT jsonb_array_elements_text(x."targetMuscles")),
            ARRAY(SELECT jsonb_array_elements_text(x."requiresEquipment")), x.rounds, x.position
       FROM jsonb_to_recordset($1::jsonb)
         AS x(id uuid, slug text, title text, goal text, description text, difficulty text, "workoutTypes" jsonb,
              "estDurationSec" int, "estDurationMin" int, "calculatedDurationMin" int, "totalRounds" int,
              "targetMuscles" jsonb, "requiresEquipment" jsonb, rounds jsonb, position int)
     ON CONFLICT (id) DO UPDATE SET
       slug = EXCLUDED.slug, title = EXCLUDED.title, goal = EXCLUDED.goal, description = EXCLUDED.description,
       difficulty = EXCLUDED.difficulty, workout_types = EXCLUDED.workout_types,
       est_duration_sec = EXCLUDED.est_duration_sec, est_duration_min = EXCLUDED.est_duration_min,
       calculated_duration_min = EXCLUDED.calculated_duration_min, total_rounds = EXCLUDED.total_rounds,
       target_muscles = EXCLUDED.target_muscles, requires_equipment = EXCLUDED.requires_equipment,
       rounds = EXCLUDED.rounds, position = EXCLUDED.position, retired_at = NULL, updated_at = now()`,
    [JSON.stringify(seed.workouts)],
  );
  await client.query(
    `INSERT INTO catalog_running_workouts (id, slug, title, goal, description, difficulty, distance_km, duration_min,
                                           running_type, terrain, calories, pace_instructions, intervals, tips,
                                           requirements, position)
     SELECT x.id, x.slug, x.title, x.goal, x.description, x.difficulty, x.distance, x.duration, x."runningType",
            x.terrain, x.calories, x."paceInstructions", x.intervals,
            ARRAY(SELECT jsonb_array_elements_text(x.tips)), ARRAY(SELECT jsonb_array_elements_text(x.requirements)),
            x.position
       FROM jsonb_to_recordset($1::jsonb)
         AS x(id uuid, slug text, title text, goal text, description text, difficulty text, distance numeric,
              duration int, "runningType" text, terrain text, calories int, "paceInstructions" text,
              intervals jsonb, tips jsonb, requirements jsonb, position int)
     ON CONFLICT (id) DO UPDATE SET
       slug = EXCLUDED.slug, title = EXCLUDED.title, goal = EXCLUDED.goal, description = EXCLUDED.description,
       difficulty = EXCLUDED.difficulty, distance_km = EXCLUDED.distance_km, duration_min = EXCLUDED.duration_min,
       running_type = EXCLUDED.running_type, terrain = EXCLUDED.terrain, calories = EXCLUDED.calories,
       pace_instructions = EXCLUDED.pace_instructions, intervals = EXCLUDED.intervals, tips = EXCLUDED.tips,
       requirements = EXCLUDED.requirements, position = EXCLUDED.position, retired_at = NULL, updated_at = now()`,
    [JSON.stringify(seed.runningWorkouts)],
  );
  await client.query(
    `INSERT INTO catalog_plans (id, slug, title, description, difficulty, estimated_weeks, position)
     SELECT x.id, x.slug, x.title, x.description, x.difficulty, x."estimatedWeeks", x.position
       FROM jsonb_to_recordset($1::jsonb)
         AS x(id uuid, slug text, title text, description text, difficulty text, "estimatedWeeks" int, position int)
     ON CONFLICT (id) DO UPDATE SET
       slug = EXCLUDED.slug, title = EXCLUDED.title, description = EXCLUDED.description,
       difficulty = EXCLUDED.difficulty, estimated_weeks = EXCLUDED.estimated_weeks, position = EXCLUDED.position,
       retired_at = NULL, updated_at = now()`,
    [JSON.stringify(seed.plans.map(({ workouts: _workouts, ...plan }) => plan))],
  );
  const planIds = seed.plans.map((plan) => plan.id);
  await client.query('DELETE FROM catalog_plan_workouts WHERE plan_id = ANY($1::uuid[])', [planIds]);
  await client.query(
    `INSERT INTO catalog_plan_workouts (plan_id, position, workout_id, week)
     SELECT x."planId", x.position, x."workoutId", x.week
       FROM jsonb_to_recordset($1::jsonb) AS x("planId" uuid, position int, "workoutId" uuid, week int)`,
    [JSON.stringify(seed.plans.flatMap((plan) => plan.workouts.map((w, position) => ({ planId: plan.id, position, ...w }))))],
  );
}

/** Content that left the seed is retired, not deleted: enrolments and history still point at it. */
async function retireMissing(client: PoolClient, seed: CatalogSeed): Promise<void> {
  const tables: [string, { id: string }[]][] = [
    ['catalog_exercises', seed.exercises],
    ['catalog_workouts', seed.workouts],
    ['catalog_running_workouts', seed.runningWorkouts],
    ['catalog_plans', seed.plans],
  ];
  for (const [table, rows] of tables) {
    await client.query(`UPDATE ${table} SET retired_at = now(), updated_at = now() WHERE retired_at IS NULL AND NOT (id = ANY($1::uuid[]))`, [
      rows.map((row) => row.id),
    ]);
  }
}

/**
 * Loads the versioned seed into the catalogue tables, idempotently: the same seed
 * again changes nothing, a different checksum at the same or a newer version
 * updates every row in one transaction, and an older build never downgrades newer
 * content (ADR 0041).
 */
export async function applyCatalogSeed(pool: Pool, seed: CatalogSeed): Promise<SeedOutcome> {
  return inTransaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const { rows } = await client.query<{ version: number; checksum: string }>('SELECT version, checksum FROM catalog_seed_state');
    const current = rows[0];
    if (current && (current.version > seed.version || current.checksum === seed.checksum)) {
      return current.version > seed.version ? 'newer-in-database' : 'unchanged';
    }
    await upsertRows(client, seed);
    await retireMissing(client, seed);
    await client.query(
      `INSERT INTO catalog_seed_state (singleton, version, checksum) VALUES (true, $1, $2)
       ON CONFLICT (singleton) DO UPDATE SET version = EXCLUDED.version, checksum = EXCLUDED.checksum, applied_at = now()`,
      [seed.version, seed.checksum],
    );
    return 'applied';
  });
}

import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { applyCatalogSeed } from './catalog.seeder';
import { buildCatalogSeed } from './seed/catalog-seed';
import { EXERCISES } from './seed/exercises.seed';
import { PLANS } from './seed/plans.seed';
import { RUNNING_WORKOUTS } from './seed/running-workouts.seed';
import { WORKOUTS } from './seed/workouts.seed';

describe('catalogue seeder (PostgreSQL)', () => {
  let database: TestDatabase;
  let pool: Pool;
  const seed = buildCatalogSeed();

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 4 });
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  async function counts() {
    const { rows } = await pool.query(`
      SELECT (SELECT count(*) FROM catalog_exercises)::int AS exercises,
             (SELECT count(*) FROM catalog_workouts)::int AS workouts,
             (SELECT count(*) FROM catalog_running_workouts)::int AS running,
             (SELECT count(*) FROM catalog_plans)::int AS plans,
             (SELECT count(*) FROM catalog_plan_workouts)::int AS "planWorkouts",
             (SELECT count(*) FROM catalog_workouts WHERE retired_at IS NOT NULL)::int AS "retiredWorkouts"`);
    return rows[0];
  }

  const expected = {
    exercises: seed.exercises.length,
    workouts: seed.workouts.length,
    running: seed.runningWorkouts.length,
    plans: seed.plans.length,
    planWorkouts: seed.plans.reduce((sum, plan) => sum + plan.workouts.length, 0),
    retiredWorkouts: 0,
  };

  it('loads the seed once, even when two instances start together', async () => {
    const outcomes = await Promise.all([applyCatalogSeed(pool, seed), applyCatalogSeed(pool, seed)]);
    expect(outcomes.sort()).toEqual(['applied', 'unchanged']);
    expect(await counts()).toEqual(expected);
  });

  it('changes nothing when the same seed runs again', async () => {
    const before = await pool.query('SELECT max(updated_at) AS at FROM catalog_workouts');
    expect(await applyCatalogSeed(pool, seed)).toBe('unchanged');
    expect(await counts()).toEqual(expected);
    const after = await pool.query('SELECT max(updated_at) AS at FROM catalog_workouts');
    expect(after.rows[0].at).toEqual(before.rows[0].at);
  });

  it('applies a new version: edits update in place, removed content is retired, not deleted', async () => {
    const removed = 'potencia-atletica';
    const next = buildCatalogSeed(
      {
        exercises: EXERCISES,
        workouts: WORKOUTS.filter((w) => w.slug !== removed).map((w) => (w.slug === 'activacion-express' ? { ...w, title: 'Activación Express 2.0' } : w)),
        runningWorkouts: RUNNING_WORKOUTS,
        plans: PLANS.map((p) => ({ ...p, weeks: p.weeks.map((week) => week.filter((slug) => slug !== removed)) })),
      },
      seed.version + 1,
    );
    expect(await applyCatalogSeed(pool, next)).toBe('applied');
    const after = await counts();
    expect(after.workouts).toBe(expected.workouts);
    expect(after.retiredWorkouts).toBe(1);
    expect(after.planWorkouts).toBe(next.plans.reduce((sum, plan) => sum + plan.workouts.length, 0));
    const { rows } = await pool.query("SELECT title FROM catalog_workouts WHERE slug = 'activacion-express'");
    expect(rows).toEqual([{ title: 'Activación Express 2.0' }]);
    const state = await pool.query('SELECT version, checksum FROM catalog_seed_state');
    expect(state.rows).toEqual([{ version: seed.version + 1, checksum: next.checksum }]);
  });

  it('never lets an older build overwrite newer content', async () => {
    expect(await applyCatalogSeed(pool, seed)).toBe('newer-in-database');
    const { rows } = await pool.query("SELECT title FROM catalog_workouts WHERE slug = 'activacion-express'");
    expect(rows).toEqual([{ title: 'Activación Express 2.0' }]);
  });

  it('brings retired content back when a later seed includes it again', async () => {
    expect(await applyCatalogSeed(pool, { ...seed, version: seed.version + 2 })).toBe('applied');
    expect(await counts()).toEqual(expected);
  });
});

import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  HttpException,
  Injectable,
  Module,
  Param,
  Post,
  Query,
  Req,
  UnauthorizedException,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createPublicKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { Pool } from 'pg';

/**
 * The stack a member would otherwise be served by: the same member routes as a plain CRUD
 * application would write them (NestJS + pg, no events, no projections). A completion is one
 * INSERT with a unique (member, key) pair for retries; stats are aggregate SQL at read time over
 * the member's rows (days, islands of consecutive days for the streaks, week and month counts,
 * points); the catalogue is read from its tables. Same PostgreSQL, same data (copied from the read
 * models once they have caught up), same tokens (verified with the same public key).
 * Used by `bench:load` in alternating slices with Pulso (docs/performance.md, "Load").
 */

const STUDIO_ZONE = 'America/El_Salvador';

export async function createCrudTables(pool: Pool): Promise<void> {
  await pool.query(`
    DROP TABLE IF EXISTS crud_progress;
    DROP TABLE IF EXISTS crud_enrollments;
    CREATE TABLE crud_progress (
      user_id text NOT NULL,
      completion_id text NOT NULL,
      idempotency_key text,
      workout_id text NOT NULL,
      plan_id text,
      enrollment_id text,
      is_running boolean NOT NULL,
      duration_sec integer NOT NULL,
      points integer NOT NULL DEFAULT 0,
      occurred_at timestamptz NOT NULL,
      local_date date NOT NULL,
      PRIMARY KEY (user_id, completion_id)
    );
    INSERT INTO crud_progress (user_id, completion_id, workout_id, plan_id, enrollment_id, is_running, duration_sec, points, occurred_at, local_date)
      SELECT user_id, completion_id, workout_id, plan_id, enrollment_id, is_running, duration_sec, coalesce((heart_rate->>'points')::int, 0), occurred_at, local_date
        FROM progress_records;
    CREATE UNIQUE INDEX crud_progress_key ON crud_progress (user_id, idempotency_key);
    CREATE INDEX crud_progress_recent ON crud_progress (user_id, occurred_at DESC);
    CREATE INDEX crud_progress_days ON crud_progress (user_id, local_date);
    CREATE TABLE crud_enrollments AS SELECT enrollment_id, user_id, plan_id, workout_ids, current_index, status, enrolled_at FROM member_enrollments;
    ALTER TABLE crud_enrollments ADD PRIMARY KEY (enrollment_id);
    CREATE INDEX crud_enrollments_member ON crud_enrollments (user_id, enrolled_at);`);
  await pool.query('VACUUM ANALYZE crud_progress');
  await pool.query('VACUUM ANALYZE crud_enrollments');
}

@Injectable()
class Db {
  readonly pool: Pool;
  constructor() {
    // Idle connections kept as long as the application keeps its own (ADR 0254), so both sides start each slice warm.
    this.pool = new Pool({ connectionString: process.env.CRUD_DATABASE_URL, max: 10, idleTimeoutMillis: 300_000 });
  }
}

@Injectable()
class JwtGuard implements CanActivate {
  static key: KeyObject;
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string>; user?: string }>();
    const header = request.headers.authorization ?? '';
    try {
      const claims = jwt.verify(header.replace(/^Bearer /, ''), JwtGuard.key, { algorithms: ['RS256'] }) as { sub: string };
      request.user = claims.sub;
      return true;
    } catch {
      throw new UnauthorizedException('Token inválido');
    }
  }
}

interface CompleteBody {
  workoutId?: unknown;
  planId?: unknown;
  enrollmentId?: unknown;
  isRunning?: unknown;
  duration?: unknown;
  durationSec?: unknown;
}

const STATS_SQL = `
  WITH today AS (SELECT (now() AT TIME ZONE '${STUDIO_ZONE}')::date AS d),
  days AS (SELECT DISTINCT local_date FROM crud_progress WHERE user_id = $1),
  islands AS (SELECT local_date, local_date - (row_number() OVER (ORDER BY local_date))::int AS grp FROM days),
  runs AS (SELECT min(local_date) AS first_day, max(local_date) AS last_day, count(*)::int AS n FROM islands GROUP BY grp)
  SELECT
    (SELECT count(*)::int FROM crud_progress WHERE user_id = $1) AS total,
    (SELECT coalesce(sum(duration_sec), 0)::bigint FROM crud_progress WHERE user_id = $1) AS duration,
    (SELECT count(*)::int FROM crud_progress, today WHERE user_id = $1 AND local_date >= date_trunc('week', today.d)::date) AS this_week,
    (SELECT count(*)::int FROM crud_progress, today WHERE user_id = $1 AND local_date >= date_trunc('month', today.d)::date) AS this_month,
    (SELECT coalesce(sum(points), 0)::int FROM crud_progress, today WHERE user_id = $1 AND local_date >= date_trunc('month', today.d)::date) AS month_points,
    (SELECT coalesce(sum(points), 0)::int FROM crud_progress WHERE user_id = $1) AS total_points,
    (SELECT coalesce(max(n), 0) FROM runs) AS longest,
    (SELECT coalesce((SELECT n FROM runs, today WHERE last_day >= today.d - 1 ORDER BY last_day DESC LIMIT 1), 0)) AS current,
    EXISTS (SELECT 1 FROM crud_progress, today WHERE user_id = $1 AND local_date = today.d) AS has_today,
    (SELECT count(DISTINCT plan_id)::int FROM crud_enrollments WHERE user_id = $1 AND status = 'active') AS active_plans,
    (SELECT count(DISTINCT plan_id)::int FROM crud_progress WHERE user_id = $1 AND plan_id IS NOT NULL) AS distinct_plans,
    (SELECT coalesce(json_agg(json_build_object('completedAt', r.occurred_at, 'workoutId', r.workout_id, 'durationSec', r.duration_sec)), '[]'::json)
       FROM (SELECT occurred_at, workout_id, duration_sec FROM crud_progress WHERE user_id = $1 ORDER BY occurred_at DESC LIMIT 5) r) AS recent`;

/** The achievements a CRUD app shows: thresholds over the aggregates it just computed. */
const ACHIEVEMENT_RULES: [code: string, metric: 'total' | 'longest' | 'this_month' | 'distinct_plans', threshold: number][] = [
  ['first-workout', 'total', 1],
  ['workouts-10', 'total', 10],
  ['workouts-50', 'total', 50],
  ['workouts-100', 'total', 100],
  ['streak-3', 'longest', 3],
  ['streak-7', 'longest', 7],
  ['streak-30', 'longest', 30],
  ['month-12', 'this_month', 12],
  ['plans-3', 'distinct_plans', 3],
];

@Controller('api')
@UseGuards(JwtGuard)
class CrudController {
  constructor(private readonly db: Db) {}

  private async stats(userId: string) {
    const { rows } = await this.db.pool.query<Record<string, number | boolean | unknown[]>>(STATS_SQL, [userId]);
    const row = rows[0]!;
    return {
      totalWorkouts: row.total,
      hasWorkoutToday: row.has_today,
      currentStreak: row.current,
      longestStreak: row.longest,
      thisWeekCount: row.this_week,
      thisMonthCount: row.this_month,
      totalDurationSec: Number(row.duration),
      activePlans: row.active_plans,
      recentWorkouts: row.recent,
      achievements: ACHIEVEMENT_RULES.map(([code, metric, threshold]) => ({
        code,
        unlocked: (row[metric] as number) >= threshold,
        progress: Math.min(row[metric] as number, threshold),
        target: threshold,
      })),
      heartRate: { monthPoints: row.month_points, totalPoints: row.total_points },
    };
  }

  @Get('progress/stats')
  async getStats(@Req() request: { user?: string }) {
    return { stats: await this.stats(request.user!) };
  }

  @Get('progress')
  async list(@Req() request: { user?: string }, @Query('limit') limit?: string, @Query('offset') offset?: string) {
    const take = Math.min(Number(limit ?? 100) || 100, 100);
    const skip = Number(offset ?? 0) || 0;
    const [page, total] = await Promise.all([
      this.db.pool.query(
        `SELECT p.completion_id AS "_id", p.occurred_at AS "completedAt", p.local_date::text AS "localDate", p.duration_sec AS "durationSec", p.is_running AS "isRunning",
                json_build_object('_id', p.workout_id, 'title', coalesce(w.title, r.title), 'estDurationSec', coalesce(w.est_duration_sec, r.duration_min * 60)) AS workout,
                CASE WHEN p.plan_id IS NULL THEN NULL ELSE json_build_object('_id', p.plan_id, 'title', pl.title) END AS plan, p.enrollment_id AS "enrollmentId"
           FROM crud_progress p
           LEFT JOIN catalog_workouts w ON w.id::text = p.workout_id
           LEFT JOIN catalog_running_workouts r ON r.id::text = p.workout_id
           LEFT JOIN catalog_plans pl ON pl.id::text = p.plan_id
          WHERE p.user_id = $1 ORDER BY p.occurred_at DESC LIMIT $2 OFFSET $3`,
        [request.user, take, skip],
      ),
      this.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM crud_progress WHERE user_id = $1', [request.user]),
    ]);
    return { progress: page.rows, pagination: { limit: take, offset: skip, total: total.rows[0]!.n, hasMore: skip + page.rows.length < total.rows[0]!.n } };
  }

  @Get('enrollments')
  async enrollments(@Req() request: { user?: string }) {
    const { rows } = await this.db.pool.query(
      `SELECT e.enrollment_id AS "_id", e.plan_id AS "planId", p.title AS "planTitle", e.status, e.current_index AS "currentIndex", cardinality(e.workout_ids) AS "totalWorkouts", e.enrolled_at AS "enrolledAt"
         FROM crud_enrollments e JOIN catalog_plans p ON p.id::text = e.plan_id
        WHERE e.user_id = $1 AND e.status <> 'abandoned' ORDER BY e.enrolled_at`,
      [request.user],
    );
    return { enrollments: rows };
  }

  @Get('enrollments/:id/current')
  async current(@Req() request: { user?: string }, @Param('id') id: string) {
    const { rows } = await this.db.pool.query(
      `SELECT e.enrollment_id AS "enrollmentId", e.status, e.current_index AS "index", cardinality(e.workout_ids) AS total,
              (SELECT row_to_json(w) FROM catalog_workouts w WHERE w.id::text = e.workout_ids[least(e.current_index, cardinality(e.workout_ids) - 1) + 1]) AS workout
         FROM crud_enrollments e WHERE e.enrollment_id = $1 AND e.user_id = $2`,
      [id, request.user],
    );
    if (rows.length === 0) throw new HttpException({ message: 'Inscripción no encontrada' }, 404);
    return rows[0];
  }

  @Get('workouts')
  async workouts() {
    const { rows } = await this.db.pool.query(
      `SELECT id AS "_id", title, goal, description, difficulty, workout_types AS "workoutTypes", est_duration_min AS "estDurationMin", total_rounds AS "totalRounds",
              target_muscles AS "targetMuscles", requires_equipment AS "requiresEquipment", rounds
         FROM catalog_workouts WHERE retired_at IS NULL ORDER BY position`,
    );
    return { workouts: rows };
  }

  @Post('progress/complete')
  @HttpCode(200)
  async complete(@Req() request: { user?: string }, @Headers('idempotency-key') key: string | undefined, @Body() body: CompleteBody) {
    const userId = request.user!;
    if (typeof body?.workoutId !== 'string') throw new HttpException({ message: 'workoutId es requerido.' }, 400);
    const running = body.isRunning === true;
    const seconds = Number(running ? body.duration : body.durationSec);
    if (!Number.isInteger(seconds) || seconds < 0 || seconds > 86_400) throw new HttpException({ message: 'Duración inválida.' }, 400);
    const client = await this.db.pool.connect();
    let duplicate: boolean;
    try {
      await client.query('BEGIN');
      const inserted = await client.query(
        `INSERT INTO crud_progress (user_id, completion_id, idempotency_key, workout_id, plan_id, enrollment_id, is_running, duration_sec, occurred_at, local_date)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now(), (now() AT TIME ZONE '${STUDIO_ZONE}')::date)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING completion_id`,
        [
          userId,
          randomUUID(),
          key ?? randomUUID(),
          body.workoutId,
          typeof body.planId === 'string' ? body.planId : null,
          typeof body.enrollmentId === 'string' ? body.enrollmentId : null,
          running,
          seconds,
        ],
      );
      duplicate = inserted.rowCount === 0;
      if (!duplicate && typeof body.enrollmentId === 'string') {
        await client.query('UPDATE crud_enrollments SET current_index = current_index + 1 WHERE enrollment_id = $1 AND user_id = $2', [
          body.enrollmentId,
          userId,
        ]);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    // The answer carries the member's figures, read after the commit (so it is consistent by construction).
    const [record, stats] = await Promise.all([
      this.db.pool.query(
        'SELECT completion_id AS "_id", occurred_at AS "completedAt", duration_sec AS "durationSec" FROM crud_progress WHERE user_id = $1 AND idempotency_key = $2',
        [userId, key],
      ),
      this.stats(userId),
    ]);
    return { progress: record.rows[0], duplicate, consistent: true, stats };
  }
}

@Module({ controllers: [CrudController], providers: [Db, JwtGuard] })
class CrudModule {}

/** The CRUD baseline in its own process, as a separate service would run. */
export async function startCrud(
  databaseUrl: string,
  jwk: object,
  port: number,
): Promise<{ child: ChildProcess; port: number; cpuMs(): Promise<number>; stop(): Promise<void> }> {
  const child = fork(path.join(__dirname, 'crud-baseline.js'), [], {
    execArgv: process.env.BENCH_CRUD_CPU_PROF
      ? [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CRUD_CPU_PROF}`, '--cpu-prof-interval=500']
      : process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, CRUD_DATABASE_URL: databaseUrl, CRUD_PORT: String(port), CRUD_JWK: JSON.stringify(jwk) },
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`The CRUD baseline exited with ${code}`)));
  });
  return {
    child,
    port,
    cpuMs: () =>
      new Promise((resolve) => {
        child.once('message', (message) => {
          const { cpu } = message as { cpu: NodeJS.CpuUsage };
          resolve((cpu.user + cpu.system) / 1000);
        });
        child.send('cpu');
      }),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
      }),
  };
}

/**
 * Run as a child of the benchmark (its own process and event loop, as a separate service would be):
 * CRUD_DATABASE_URL, CRUD_PORT and CRUD_JWK (the product's public key) from the environment; answers
 * `ready` once listening and its CPU time on `cpu`.
 */
async function main(): Promise<void> {
  JwtGuard.key = createPublicKey({ key: JSON.parse(process.env.CRUD_JWK!) as import('node:crypto').JsonWebKey, format: 'jwk' });
  const app = await NestFactory.create(CrudModule, { logger: false });
  await app.listen(Number(process.env.CRUD_PORT), '127.0.0.1');
  process.on('message', (message) => {
    if (message === 'cpu') process.send!({ cpu: process.cpuUsage() });
    if (message === 'stop')
      void app
        .close()
        .then(() => app.get(Db).pool.end())
        .then(() => process.exit(0));
  });
  process.send!('ready');
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}

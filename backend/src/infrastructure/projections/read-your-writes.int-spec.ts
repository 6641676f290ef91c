import { Controller, INestApplication, Module, OnModuleInit, Post } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import request from 'supertest';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { loadConfig } from '../../config/app-config';
import { ConfigModule } from '../../config/config.module';
import { HealthModule } from '../../modules/health/health.module';
import type { Decider } from '../../shared/decider';
import { DatabaseModule } from '../database/database.module';
import { migrations } from '../../migrations';
import { handleCommand } from '../event-store/command-handler';
import { EventStoreModule } from '../event-store/event-store.module';
import { EventStore } from '../event-store/event-store.port';
import { DomainError } from '../../shared/domain-error';
import { HttpExceptionFilter } from '../http/http-exception.filter';
import { ProjectionEngine } from './projection-engine';
import { ProjectionsModule } from './projections.module';
import { ReadYourWrites } from './read-your-writes';
import { CONSISTENCY_HEADER } from './read-your-writes.middleware';
import { sampleMemberActivityProjection } from './testing/sample-member-activity.projection';

type WorkoutEvent = { type: 'SampleWorkoutCompleted'; data: { memberId: string; minutes: number; day: string; completedAt: string } };

const workouts: Decider<{ memberId: string }, WorkoutEvent, null> = {
  initialState: () => null,
  evolve: (state) => state,
  decide: (command) => [
    { type: 'SampleWorkoutCompleted', data: { memberId: command.memberId, minutes: 30, day: '2026-11-22', completedAt: '2026-11-22T18:00:00.000Z' } },
  ],
};

@Controller('workouts')
class WorkoutsController {
  constructor(
    private readonly store: EventStore,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  /** Writes as a stream's one writer does: append, then wait once for the projections of what it wrote. */
  @Post()
  async completeWorkout(): Promise<{ ok: true }> {
    const result = await handleCommand(
      this.store,
      workouts,
      'member-m1',
      { memberId: 'm1' },
      {
        commandId: randomUUID(),
        actor: { userId: 'm1', role: 'member' },
        occurredAt: new Date().toISOString(),
      },
    );
    await this.readYourWrites.waitFor(result.position!, { eventTypes: result.events.map((event) => event.type) });
    return { ok: true };
  }

  /** Waits like the route above, then fails: the error answer must not claim anything about consistency. */
  @Post('failing')
  async completeThenFail(): Promise<never> {
    await this.completeWorkout();
    throw new DomainError('conflict', 'Falló después de escribir.');
  }
}

async function startApp(database: TestDatabase, delayMs: number, timeoutMs: number): Promise<INestApplication> {
  @Module({ controllers: [WorkoutsController] })
  class WorkoutsModule implements OnModuleInit {
    constructor(private readonly engine: ProjectionEngine) {}

    onModuleInit(): void {
      this.engine.register(sampleMemberActivityProjection({ delayMs }));
    }
  }
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url, READ_YOUR_WRITES_TIMEOUT_MS: String(timeoutMs) });
  const moduleRef = await Test.createTestingModule({
    imports: [ConfigModule.forRoot(config), DatabaseModule.forRoot(migrations), HealthModule, EventStoreModule, ProjectionsModule, WorkoutsModule],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  app.useGlobalFilters(new HttpExceptionFilter());
  await app.init();
  return app;
}

describe('Read-your-writes over HTTP', () => {
  let database: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new Pool({ connectionString: database.url });
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('answers a mutation only once the projections handling its events have it', async () => {
    // A generous bound: the event-store horizon is cluster-wide, so another suite's open transaction
    // in its own test database can hold this one's events back for a while on a loaded machine.
    const app = await startApp(database, 20, 15000);
    try {
      for (let i = 1; i <= 3; i++) {
        const response = await request(app.getHttpServer()).post('/workouts').expect(201);
        expect(response.headers[CONSISTENCY_HEADER.toLowerCase()]).toBe('ok');
        const totals = await pool.query('SELECT workouts FROM sample_member_totals WHERE member_id = $1', ['m1']);
        expect(totals.rows).toEqual([{ workouts: i }]);
      }
      const ready = await request(app.getHttpServer()).get('/health/ready').expect(200);
      expect(ready.body.details).toMatchObject({ eventStore: { status: 'up', kind: 'postgres' }, projections: { status: 'up' } });
    } finally {
      await app.close();
    }
  });

  it('reports nothing on a failed write, nor on a read', async () => {
    const app = await startApp(database, 0, 15000);
    try {
      const failed = await request(app.getHttpServer()).post('/workouts/failing').expect(409);
      expect(failed.body.message).toBe('Falló después de escribir.');
      expect(failed.headers[CONSISTENCY_HEADER.toLowerCase()]).toBeUndefined();
      const read = await request(app.getHttpServer()).get('/health/ready').expect(200);
      expect(read.headers[CONSISTENCY_HEADER.toLowerCase()]).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('says so in a header when the bounded wait runs out', async () => {
    const app = await startApp(database, 1500, 100);
    try {
      const response = await request(app.getHttpServer()).post('/workouts').expect(201);
      expect(response.headers[CONSISTENCY_HEADER.toLowerCase()]).toBe('pending; projections=sample_member_activity');
    } finally {
      await app.close();
    }
  });
});

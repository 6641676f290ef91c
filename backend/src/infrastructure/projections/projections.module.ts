import { BeforeApplicationShutdown, Global, Logger, Module, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { Pool } from 'pg';
import { ReadinessRegistry } from '../readiness.registry';
import { PG_POOL } from '../database/database.module';
import { EventStore } from '../event-store/event-store.port';
import { ProjectionEngine } from './projection-engine';
import { ReadYourWrites } from './read-your-writes';
import { ReadYourWritesInterceptor } from './read-your-writes.interceptor';

/**
 * Runs the projections feature modules register (inject ProjectionEngine and
 * call `register(projection)` in onModuleInit), from application bootstrap until
 * shutdown, and lets writers wait for their own writes to be projected (read-your-writes.ts).
 */
@Global()
@Module({
  providers: [
    {
      provide: ProjectionEngine,
      inject: [PG_POOL, EventStore],
      useFactory: (pool: Pool, store: EventStore) => {
        const logger = new Logger('Projections');
        return new ProjectionEngine(pool, store, {
          log: {
            error: (message, details) => logger.error({ ...details }, message),
            info: (message, details) => logger.log({ ...details }, message),
          },
        });
      },
    },
    ReadYourWrites,
    { provide: APP_INTERCEPTOR, useClass: ReadYourWritesInterceptor },
  ],
  exports: [ProjectionEngine, ReadYourWrites],
})
export class ProjectionsModule implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    private readonly engine: ProjectionEngine,
    private readonly readiness: ReadinessRegistry,
  ) {}

  onModuleInit(): void {
    this.readiness.register('projections', () => this.engine.readiness());
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.engine.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.engine.stop();
  }
}

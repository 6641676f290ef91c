import {
  BeforeApplicationShutdown,
  Global,
  Logger,
  MiddlewareConsumer,
  Module,
  NestModule,
  OnApplicationBootstrap,
  OnModuleInit,
  RequestMethod,
} from '@nestjs/common';
import type { Pool } from 'pg';
import { ReadinessRegistry } from '../readiness.registry';
import { PG_POOL } from '../database/database.module';
import { EventStore } from '../event-store/event-store.port';
import { ProjectionEngine } from './projection-engine';
import { ReadYourWrites } from './read-your-writes';
import { readYourWritesHeader } from './read-your-writes.middleware';

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
  ],
  exports: [ProjectionEngine, ReadYourWrites],
})
export class ProjectionsModule implements NestModule, OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    private readonly engine: ProjectionEngine,
    private readonly readiness: ReadinessRegistry,
  ) {}

  /** The X-Read-Your-Writes header of every writing request (read-your-writes.middleware.ts, ADR 0247). */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(readYourWritesHeader).forRoutes({ path: '{*splat}', method: RequestMethod.ALL });
  }

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

import { Global, Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { ReadinessRegistry } from '../readiness.registry';
import { PG_POOL } from '../database/database.module';
import { EsdbEventStore } from './esdb-event-store';
import { EventStore } from './event-store.port';
import { PostgresEventStore } from './postgres-event-store';

/**
 * Provides the EventStore port, backed by PostgreSQL (embedded default) or
 * EventStoreDB according to EVENT_STORE. Inject `EventStore` (the abstract class
 * is the token).
 */
@Global()
@Module({
  providers: [
    {
      provide: EventStore,
      inject: [APP_CONFIG, PG_POOL],
      useFactory: (config: AppConfig, pool: Pool): EventStore =>
        config.eventStore.kind === 'esdb' ? new EsdbEventStore(config.eventStore.esdbUrl!) : new PostgresEventStore(pool),
    },
  ],
  exports: [EventStore],
})
export class EventStoreModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly store: EventStore,
    private readonly readiness: ReadinessRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.readiness.register('eventStore', async () => {
      const head = await this.store.headPosition();
      return { ok: true, details: { kind: this.config.eventStore.kind, head: head ?? null } };
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

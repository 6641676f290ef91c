import { Global, Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { ReadinessRegistry } from '../readiness.registry';
import { PG_POOL } from '../database/database.module';
import { EsdbEventStore } from './esdb-event-store';
import { EventStore } from './event-store.port';
import { PostgresEventStore } from './postgres/postgres-event-store';
import { DataKeys } from '../privacy/data-keys';
import { EncryptingEventStore } from '../privacy/encrypting-event-store';
import { ClearEventsEncryption } from '../privacy/encrypt-clear-events';
import { PersonalDataPolicy } from '../privacy/personal-data-policy';
import { StoredEventsRewrite } from '../privacy/rewrite-stored-events';

/**
 * Provides the EventStore port, backed by PostgreSQL (embedded default) or
 * EventStoreDB according to EVENT_STORE, behind the encryption of personal fields
 * (ADR 0200). Inject `EventStore` (the abstract class is the token).
 */
@Global()
@Module({
  providers: [
    DataKeys,
    PersonalDataPolicy,
    ClearEventsEncryption,
    StoredEventsRewrite,
    {
      provide: EventStore,
      inject: [APP_CONFIG, PG_POOL, PersonalDataPolicy],
      useFactory: (config: AppConfig, pool: Pool, policy: PersonalDataPolicy): EventStore =>
        new EncryptingEventStore(config.eventStore.kind === 'esdb' ? new EsdbEventStore(config.eventStore.esdbUrl!) : new PostgresEventStore(pool), policy),
    },
  ],
  exports: [EventStore, DataKeys, PersonalDataPolicy, ClearEventsEncryption, StoredEventsRewrite],
})
export class EventStoreModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly store: EventStore,
    private readonly readiness: ReadinessRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clearEvents: ClearEventsEncryption,
  ) {}

  async onModuleInit(): Promise<void> {
    // Before the projections start (at bootstrap), once per database (ADR 0203).
    await this.clearEvents.run();
    this.readiness.register('eventStore', async () => {
      const head = await this.store.headPosition();
      return { ok: true, details: { kind: this.config.eventStore.kind, head: head ?? null } };
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

import { DynamicModule, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DataSourceOptions } from 'typeorm';
import { Pool } from 'pg';
import { APP_CONFIG, AppConfig } from '../../config/app-config';

export const PG_POOL = Symbol('PG_POOL');

/** How long an idle pooled connection stays open (ADR 0254). */
export const POOL_IDLE_TIMEOUT_MS = 300_000;

/**
 * TypeORM only runs the migrations (`DatabaseModule.forRoot(migrations)`, the app's list in
 * src/migrations.ts); the read models, plain tables, event store and projection runner talk to
 * PostgreSQL through one shared `pg` pool, because their statements are hand-written SQL.
 */
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  static forRoot(migrations: NonNullable<DataSourceOptions['migrations']>): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => ({
            type: 'postgres' as const,
            url: config.database.url,
            autoLoadEntities: true,
            synchronize: false,
            migrations,
            migrationsRun: true,
            migrationsTransactionMode: 'each' as const,
            logging: false,
            extra: { max: 10, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS },
          }),
        }),
      ],
      providers: [
        {
          provide: PG_POOL,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => {
            // Idle connections stay open for five minutes (not pg's 10 s): a fresh backend meets every
            // table of an inline append with cold catalog caches, which a member's write should not pay
            // for after a few quiet seconds (ADR 0254).
            const pool = new Pool({ connectionString: config.database.url, max: 20, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS });
            // An idle client losing its server (a restart, the embedded server stopping after close)
            // must not crash the process; the pool drops that client and opens a new one on demand.
            pool.on('error', () => undefined);
            return pool;
          },
        },
      ],
      exports: [PG_POOL],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

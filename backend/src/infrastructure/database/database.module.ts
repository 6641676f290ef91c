import { DynamicModule, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DataSourceOptions } from 'typeorm';
import { Pool } from 'pg';
import { APP_CONFIG, AppConfig } from '../../config/app-config';

export const PG_POOL = Symbol('PG_POOL');

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
            extra: { max: 10 },
          }),
        }),
      ],
      providers: [
        {
          provide: PG_POOL,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => {
            const pool = new Pool({ connectionString: config.database.url, max: 20 });
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

import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Pool } from 'pg';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { migrations } from './migrations';

export const PG_POOL = Symbol('PG_POOL');

/**
 * TypeORM serves the read models and plain tables; the event store and the
 * projection runner talk to PostgreSQL through one shared `pg` pool, because
 * their hot paths are single hand-written statements.
 */
@Global()
@Module({
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
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

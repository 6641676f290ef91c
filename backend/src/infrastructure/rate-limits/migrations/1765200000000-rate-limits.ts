import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The counters of the request limits (ADR 0285), shared by every instance and kept across
 * restarts: one row per rule and client, in the shape `rate-limiter-flexible`'s PostgreSQL store
 * reads and writes. `key` is `<rule>:<keyed digest of the address or account>`, never the address
 * or email itself; `expire` is the end of the row's window in epoch milliseconds.
 */
export class RateLimits1765200000000 implements MigrationInterface {
  name = 'RateLimits1765200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE rate_limits (
        key text PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE rate_limits');
  }
}

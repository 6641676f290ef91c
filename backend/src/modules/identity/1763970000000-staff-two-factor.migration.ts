import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff two-factor sign-in with TOTP (ADR 0210): the encrypted secret of each account, its
 * recovery codes (hashed, single use), the short-lived challenges between the password and the
 * code, the key the secrets are encrypted with, and whether a session family passed the second factor.
 */
export class StaffTwoFactor1763970000000 implements MigrationInterface {
  name = 'StaffTwoFactor1763970000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE identity_totp_key (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE identity_totp (
        account_id uuid PRIMARY KEY REFERENCES identity_accounts (id) ON DELETE CASCADE,
        secret_ciphertext text NOT NULL,
        enrolled_at timestamptz,
        last_used_step bigint,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE identity_recovery_codes (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES identity_accounts (id) ON DELETE CASCADE,
        code_hash text NOT NULL UNIQUE,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE INDEX identity_recovery_codes_account ON identity_recovery_codes (account_id)');
    await runner.query(`
      CREATE TABLE identity_second_factor_challenges (
        token_hash text PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES identity_accounts (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('ALTER TABLE identity_refresh_tokens ADD COLUMN second_factor boolean NOT NULL DEFAULT false');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE identity_refresh_tokens DROP COLUMN second_factor');
    await runner.query('DROP TABLE identity_second_factor_challenges');
    await runner.query('DROP TABLE identity_recovery_codes');
    await runner.query('DROP TABLE identity_totp');
    await runner.query('DROP TABLE identity_totp_key');
  }
}

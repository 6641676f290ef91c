import { MigrationInterface, QueryRunner } from 'typeorm';

/** The local identity provider (modules/identity) and the keys it signs access tokens with. */
export class Identity1763810000000 implements MigrationInterface {
  name = 'Identity1763810000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE identity_signing_keys (
        kid text PRIMARY KEY,
        private_key_pem text NOT NULL,
        public_jwk jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        retired_at timestamptz
      )`);
    await runner.query(`
      CREATE TABLE identity_accounts (
        id uuid PRIMARY KEY,
        email text NOT NULL UNIQUE,
        first_name text NOT NULL,
        last_name text NOT NULL,
        password_hash text NOT NULL,
        role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'staff')),
        email_verified_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE identity_verification_codes (
        account_id uuid PRIMARY KEY REFERENCES identity_accounts (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE identity_refresh_tokens (
        id uuid PRIMARY KEY,
        family_id uuid NOT NULL,
        account_id uuid NOT NULL REFERENCES identity_accounts (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        used_at timestamptz,
        revoked_at timestamptz
      )`);
    await runner.query('CREATE INDEX identity_refresh_tokens_family ON identity_refresh_tokens (family_id)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE identity_refresh_tokens');
    await runner.query('DROP TABLE identity_verification_codes');
    await runner.query('DROP TABLE identity_accounts');
    await runner.query('DROP TABLE identity_signing_keys');
  }
}

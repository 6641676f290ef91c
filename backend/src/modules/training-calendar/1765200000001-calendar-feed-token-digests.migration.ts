import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Feed tokens at rest as digests (ADR 0287): `token_hash` (SHA-256, hex) is what a feed request is
 * looked up by; `token_sealed` is the token encrypted under the member's data key, so the member can
 * be shown their URL again and a database copy alone opens nobody's calendar. Existing tokens get
 * their digest here, so every subscription keeps working; their clear value waits in `clear_token`
 * until the next boot seals it and sets it to NULL (sealing needs the key-encryption key).
 */
export class CalendarFeedTokenDigests1765200000001 implements MigrationInterface {
  name = 'CalendarFeedTokenDigests1765200000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE calendar_feed_tokens ADD COLUMN token_hash text');
    await runner.query(`UPDATE calendar_feed_tokens SET token_hash = encode(sha256(convert_to(token, 'UTF8')), 'hex')`);
    await runner.query('ALTER TABLE calendar_feed_tokens ALTER COLUMN token_hash SET NOT NULL');
    await runner.query('ALTER TABLE calendar_feed_tokens ADD CONSTRAINT calendar_feed_tokens_token_hash_key UNIQUE (token_hash)');
    await runner.query('ALTER TABLE calendar_feed_tokens ADD COLUMN token_sealed text');
    await runner.query('ALTER TABLE calendar_feed_tokens DROP CONSTRAINT calendar_feed_tokens_token_key');
    await runner.query('ALTER TABLE calendar_feed_tokens RENAME COLUMN token TO clear_token');
    await runner.query('ALTER TABLE calendar_feed_tokens ALTER COLUMN clear_token DROP NOT NULL');
    await runner.query(
      'ALTER TABLE calendar_feed_tokens ADD CONSTRAINT calendar_feed_tokens_readable CHECK (token_sealed IS NOT NULL OR clear_token IS NOT NULL)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    // Sealed tokens cannot be opened here: their members get a new URL on their next visit.
    await runner.query('DELETE FROM calendar_feed_tokens WHERE clear_token IS NULL');
    await runner.query('ALTER TABLE calendar_feed_tokens DROP CONSTRAINT calendar_feed_tokens_readable');
    await runner.query('ALTER TABLE calendar_feed_tokens RENAME COLUMN clear_token TO token');
    await runner.query('ALTER TABLE calendar_feed_tokens ALTER COLUMN token SET NOT NULL');
    await runner.query('ALTER TABLE calendar_feed_tokens ADD CONSTRAINT calendar_feed_tokens_token_key UNIQUE (token)');
    await runner.query('ALTER TABLE calendar_feed_tokens DROP COLUMN token_sealed, DROP COLUMN token_hash');
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { authenticator } from 'otplib';
import { Pool } from 'pg';
import { toString as qrCodeSvg } from 'qrcode';
import { PG_POOL } from '../../infrastructure/database/database.module';

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30 s; one step either side for clock drift. */
const totp = authenticator.clone({ window: 1 });
const STEP_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a code read off paper is typed right the first time. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface TotpEnrollment {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as an SVG QR code, in a data URL an <img> shows as it is. */
  qrCode: string;
}

export type TotpCheck = 'ok' | 'incorrect' | 'not_enrolled';

const digest = (value: string) => createHash('sha256').update(value).digest('hex');
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A recovery code as it is shown: ten characters in two groups (`k7m2p-x9dqa`). */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** The time step a code belongs to, or null when it is not valid now (± one step). */
export function totpStep(code: string, secret: string, nowMs: number = Date.now()): number | null {
  const delta = totp.checkDelta(code, secret);
  return delta === null ? null : Math.floor(nowMs / 1000 / STEP_SECONDS) + delta;
}

/**
 * The staff members' second factor (ADR 0210): TOTP secrets encrypted at rest with AES-256-GCM
 * (bound to their account), recovery codes kept only as SHA-256 digests and used once, and
 * the last accepted time step so a code seen over someone's shoulder cannot be replayed.
 */
@Injectable()
export class TotpFactors {
  private key?: Promise<Buffer>;

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async isEnrolled(accountId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM identity_totp WHERE account_id = $1 AND enrolled_at IS NOT NULL', [accountId]);
    return (rowCount ?? 0) > 0;
  }

  /** A fresh secret for an account not yet enrolled; a pending one is replaced. */
  async begin(accountId: string, email: string, issuer: string): Promise<TotpEnrollment | undefined> {
    const secret = totp.generateSecret(20);
    const ciphertext = await this.seal(secret, accountId);
    const { rowCount } = await this.pool.query(
      `INSERT INTO identity_totp (account_id, secret_ciphertext) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE SET secret_ciphertext = EXCLUDED.secret_ciphertext, created_at = now(), last_used_step = NULL
       WHERE identity_totp.enrolled_at IS NULL`,
      [accountId, ciphertext],
    );
    if (!rowCount) return undefined;
    const otpauthUrl = totp.keyuri(email, issuer, secret);
    const svg = await qrCodeSvg(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** Confirms a pending enrolment with its first code; answers the recovery codes, shown once. */
  async confirm(accountId: string, code: string): Promise<string[] | 'incorrect' | 'not_enrolled'> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ secret_ciphertext: string }>(
        'SELECT secret_ciphertext FROM identity_totp WHERE account_id = $1 AND enrolled_at IS NULL FOR UPDATE',
        [accountId],
      );
      if (!rows[0]) {
        await client.query('ROLLBACK');
        return 'not_enrolled';
      }
      const step = totpStep(code, await this.open(rows[0].secret_ciphertext, accountId));
      if (step === null) {
        await client.query('ROLLBACK');
        return 'incorrect';
      }
      await client.query('UPDATE identity_totp SET enrolled_at = now(), last_used_step = $2 WHERE account_id = $1', [accountId, step]);
      await client.query('DELETE FROM identity_recovery_codes WHERE account_id = $1', [accountId]);
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      for (const recovery of codes) {
        await client.query('INSERT INTO identity_recovery_codes (id, account_id, code_hash) VALUES ($1, $2, $3)', [
          randomUUID(),
          accountId,
          digest(`${accountId}:${normaliseRecoveryCode(recovery)}`),
        ]);
      }
      await client.query('COMMIT');
      return codes;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** A 6-digit code from the app (each time step once) or an unused recovery code. */
  async check(accountId: string, code: string): Promise<TotpCheck> {
    const compact = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(compact)) {
      const { rows } = await this.pool.query<{ secret_ciphertext: string }>(
        'SELECT secret_ciphertext FROM identity_totp WHERE account_id = $1 AND enrolled_at IS NOT NULL',
        [accountId],
      );
      if (!rows[0]) return 'not_enrolled';
      const step = totpStep(compact, await this.open(rows[0].secret_ciphertext, accountId));
      if (step === null) return 'incorrect';
      // Accepted only if it moves forward: the same code (or an older one) a second time is refused.
      const { rowCount } = await this.pool.query(
        `UPDATE identity_totp SET last_used_step = $2
          WHERE account_id = $1 AND (last_used_step IS NULL OR last_used_step < $2)`,
        [accountId, step],
      );
      return rowCount ? 'ok' : 'incorrect';
    }
    const normalised = normaliseRecoveryCode(code);
    if (normalised.length !== 10) return 'incorrect';
    const { rowCount } = await this.pool.query(
      `UPDATE identity_recovery_codes SET used_at = now()
        WHERE account_id = $1 AND code_hash = $2 AND used_at IS NULL`,
      [accountId, digest(`${accountId}:${normalised}`)],
    );
    return rowCount ? 'ok' : 'incorrect';
  }

  async remainingRecoveryCodes(accountId: string): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>('SELECT count(*) FROM identity_recovery_codes WHERE account_id = $1 AND used_at IS NULL', [
      accountId,
    ]);
    return Number(rows[0].count);
  }

  private async seal(secret: string, accountId: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.encryptionKey(), iv);
    cipher.setAAD(Buffer.from(accountId));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  private async open(sealed: string, accountId: string): Promise<string> {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== 'v1') throw new Error('Unknown TOTP secret format');
    const decipher = createDecipheriv('aes-256-gcm', await this.encryptionKey(), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(accountId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Generated once and kept apart from the secrets it protects, as the signing and link keys are. */
  private encryptionKey(): Promise<Buffer> {
    this.key ??= (async () => {
      await this.pool.query('INSERT INTO identity_totp_key (id, key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32).toString('base64url')]);
      const { rows } = await this.pool.query<{ key: string }>('SELECT key FROM identity_totp_key WHERE id = 1');
      return Buffer.from(rows[0].key, 'base64url');
    })();
    this.key.catch(() => (this.key = undefined));
    return this.key;
  }
}

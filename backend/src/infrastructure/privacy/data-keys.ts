import { Inject, Injectable } from '@nestjs/common';
import { createHash, createHmac, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Pool } from 'pg';
import { APP_CONFIG, parseKek, type AppConfig } from '../../config/app-config';
import { PG_POOL } from '../database/database.module';
import { LruCache } from '../lru-cache';
import { generateKek, kekId, unwrapKey, wrapKey } from './field-cipher';

/** Unwrapped keys kept in memory (about 100 bytes each), so a hot path never unwraps twice. */
const CACHED_KEYS = 10_000;
/** Another instance's erasure is seen by this one within this long at most. */
const CACHE_TTL_MS = 60_000;

export interface DataKey {
  keyId: string;
  key: Buffer;
}

/** How a keyed digest of a text starts (`DataKeys.digest`). */
export const DIGEST_PREFIX = 'pulso:hmac:v1:';

/** A key that was destroyed by an erasure: what it encrypted reads "[borrado]". */
export const DESTROYED = 'destroyed' as const;

export class MissingDataKeyError extends Error {
  override name = 'MissingDataKeyError';
}

/**
 * Where the key-encryption key comes from (ADR 0201): `PULSO_KEK`; else the key file kept beside
 * the embedded data (generated on first boot, mode 0600); else, in a test run, a fixed key.
 * Production with `DATABASE_URL` and no `PULSO_KEK` never gets here: the config refuses to boot.
 */
export function resolveKek(config: AppConfig['privacy'], env: AppConfig['env']): Buffer {
  if (config.kek) return parseKek(config.kek)!;
  if (config.kekFile) {
    if (existsSync(config.kekFile)) {
      const kek = parseKek(readFileSync(config.kekFile, 'utf8'));
      if (!kek) throw new Error(`El archivo de la clave de cifrado ${config.kekFile} no contiene 32 bytes en base64.`);
      return kek;
    }
    mkdirSync(path.dirname(config.kekFile), { recursive: true });
    writeFileSync(config.kekFile, `${generateKek()}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(config.kekFile, 0o600);
    return parseKek(readFileSync(config.kekFile, 'utf8'))!;
  }
  if (env === 'test') return createHash('sha256').update('pulso-test-kek').digest();
  throw new Error('Falta PULSO_KEK: la clave de cifrado de claves (32 bytes en base64).');
}

/**
 * The members' data keys (ADR 0200): one AES-256 key per member, created on their first
 * encrypted write, stored in `member_data_keys` wrapped by the key-encryption key, unwrapped
 * once and cached (bounded). Destroying a member's key is the erasure: what it encrypted cannot
 * be read again, by this instance or a rebuild.
 */
@Injectable()
export class DataKeys {
  private readonly kek: Buffer;
  private readonly kekId: string;
  private readonly previous?: { kek: Buffer; id: string };
  private readonly bySubject = new LruCache<string, DataKey>({ maxEntries: CACHED_KEYS, ttlMs: CACHE_TTL_MS });
  private readonly byId = new LruCache<string, Buffer | typeof DESTROYED>({ maxEntries: CACHED_KEYS, ttlMs: CACHE_TTL_MS });
  private digestKey?: Buffer;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.kek = resolveKek(config.privacy, config.env);
    this.kekId = kekId(this.kek);
    if (config.privacy.previousKek) {
      const previous = parseKek(config.privacy.previousKek)!;
      this.previous = { kek: previous, id: kekId(previous) };
    }
  }

  /** The member's live key, created (and wrapped, and stored) on first use. */
  async liveKey(subject: string): Promise<DataKey> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const live = await this.existingLiveKey(subject);
      if (live) return live;
      const dataKey = randomBytes(32);
      // Two writers at once: the unique index keeps one live key, the loser reads the winner's.
      await this.pool.query(
        `INSERT INTO member_data_keys (key_id, subject, wrapped_key, kek_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (subject) WHERE destroyed_at IS NULL DO NOTHING`,
        [randomUUID(), subject, wrapKey(this.kek, dataKey), this.kekId],
      );
    }
    throw new Error(`No se pudo crear la clave de datos de ${subject}.`);
  }

  /**
   * The member's live key if they have one, never a new one: what is encrypted about a member from
   * outside their stream (ADR 0281) must not bring back a key their erasure destroyed.
   */
  async existingLiveKey(subject: string): Promise<DataKey | undefined> {
    const cached = this.bySubject.get(subject);
    if (cached) return cached;
    const { rows } = await this.pool.query<{ key_id: string; wrapped_key: Buffer; kek_id: string }>(
      'SELECT key_id::text AS key_id, wrapped_key, kek_id FROM member_data_keys WHERE subject = $1 AND destroyed_at IS NULL',
      [subject],
    );
    if (!rows[0]) return undefined;
    const key = { keyId: rows[0].key_id, key: this.unwrap(rows[0].wrapped_key, rows[0].kek_id) };
    this.bySubject.set(subject, key);
    this.byId.set(key.keyId, key.key);
    return key;
  }

  /**
   * A keyed digest of a text (HMAC-SHA256 under a key derived from the KEK, ADR 0281): the same text
   * gives the same digest, and without the KEK — which never sits with the database — nobody can
   * test a guess against it, not even a nine-digit DUI. A new KEK gives new digests.
   */
  digest(text: string): string {
    this.digestKey ??= Buffer.from(hkdfSync('sha256', this.kek, Buffer.alloc(0), 'pulso-term-digest-v1', 32));
    return `${DIGEST_PREFIX}${createHmac('sha256', this.digestKey).update(text, 'utf8').digest('base64url')}`;
  }

  /** The key of this id if this instance holds it (no I/O, no await): the hot path of every read. */
  cachedKeyById(keyId: string): Buffer | typeof DESTROYED | undefined {
    return this.byId.get(keyId);
  }

  /** The key of this id, `DESTROYED` after an erasure; throws for an id never stored or a key no KEK opens. */
  async keyById(keyId: string): Promise<Buffer | typeof DESTROYED> {
    const cached = this.byId.get(keyId);
    if (cached) return cached;
    const { rows } = await this.pool.query<{ wrapped_key: Buffer | null; kek_id: string | null }>(
      'SELECT wrapped_key, kek_id FROM member_data_keys WHERE key_id = $1::uuid',
      [keyId],
    );
    if (!rows[0]) throw new MissingDataKeyError(`La clave de datos ${keyId} no existe en member_data_keys.`);
    const value = rows[0].wrapped_key === null ? DESTROYED : this.unwrap(rows[0].wrapped_key, rows[0].kek_id ?? '');
    this.byId.set(keyId, value);
    return value;
  }

  /** Destroys the member's keys (the erasure); answers how many were live. */
  async destroy(subject: string): Promise<number> {
    const { rows } = await this.pool.query<{ key_id: string }>(
      `UPDATE member_data_keys SET wrapped_key = NULL, kek_id = NULL, destroyed_at = now()
        WHERE subject = $1 AND destroyed_at IS NULL RETURNING key_id::text AS key_id`,
      [subject],
    );
    this.bySubject.delete(subject);
    for (const row of rows) this.byId.set(row.key_id, DESTROYED);
    return rows.length;
  }

  /**
   * KEK rotation (docs/privacy.md): every live key wrapped by the previous KEK is unwrapped and
   * wrapped again by the current one, one transaction per batch. Safe to run again.
   */
  async rewrapAll(batch = 500): Promise<number> {
    let rewrapped = 0;
    for (;;) {
      const { rows } = await this.pool.query<{ key_id: string; wrapped_key: Buffer; kek_id: string }>(
        `SELECT key_id::text AS key_id, wrapped_key, kek_id FROM member_data_keys
          WHERE destroyed_at IS NULL AND kek_id <> $1 ORDER BY key_id LIMIT $2`,
        [this.kekId, batch],
      );
      if (rows.length === 0) return rewrapped;
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN');
        for (const row of rows) {
          const key = this.unwrap(row.wrapped_key, row.kek_id);
          await client.query('UPDATE member_data_keys SET wrapped_key = $2, kek_id = $3 WHERE key_id = $1::uuid AND destroyed_at IS NULL', [
            row.key_id,
            wrapKey(this.kek, key),
            this.kekId,
          ]);
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
      rewrapped += rows.length;
    }
  }

  private unwrap(wrapped: Buffer, id: string): Buffer {
    if (id === this.kekId) return unwrapKey(this.kek, wrapped);
    if (this.previous && id === this.previous.id) return unwrapKey(this.previous.kek, wrapped);
    throw new MissingDataKeyError(
      `Una clave de datos está cifrada con otra clave de cifrado de claves (${id}): configura PULSO_KEK_PREVIOUS con la anterior (docs/privacy.md).`,
    );
  }
}

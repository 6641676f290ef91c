import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { ConfigError, loadConfig, type AppConfig } from '../../config/app-config';
import { DataKeys, DESTROYED, MissingDataKeyError, resolveKek } from './data-keys';
import { PersonalDataPolicy } from './personal-data-policy';
import { decryptValue, encryptValue, generateKek, keyIdOf } from './field-cipher';

describe('field cipher', () => {
  it('round-trips any JSON value, names its key, and refuses another key or a tampered value', () => {
    const key = Buffer.alloc(32, 7);
    const value = { before: 165, after: 166 };
    const encrypted = encryptValue(key, 'k1', value);
    expect(encrypted).toMatch(/^pulso:enc:v1:k1:[A-Za-z0-9_-]+$/);
    expect(encrypted).not.toContain('165');
    expect(keyIdOf(encrypted)).toBe('k1');
    expect(decryptValue(key, encrypted)).toEqual(value);
    expect(encryptValue(key, 'k1', value)).not.toBe(encrypted);
    expect(() => decryptValue(Buffer.alloc(32, 8), encrypted)).toThrow();
    const tampered = `${encrypted.slice(0, -2)}${encrypted.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => decryptValue(key, tampered)).toThrow();
    // The key id is authenticated: the same value moved under another id does not open.
    expect(() => decryptValue(key, encrypted.replace(':k1:', ':k2:'))).toThrow();
  });
});

describe('the key-encryption key at boot', () => {
  const base = { DATABASE_URL: 'postgres://pulso@db/pulso' };

  it('is required in production with DATABASE_URL, with a clear error', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(ConfigError);
    try {
      loadConfig({ ...base, NODE_ENV: 'production' });
    } catch (error) {
      expect((error as ConfigError).problems.join('\n')).toMatch(/PULSO_KEK debe ser la clave de cifrado de claves: 32 bytes en base64/);
    }
    expect(loadConfig({ ...base, NODE_ENV: 'production', PULSO_KEK: generateKek() }).privacy.kek).toBeDefined();
  });

  it('refuses a value that is not 32 bytes in base64', () => {
    expect(() => loadConfig({ PULSO_KEK: 'corta' })).toThrow(/PULSO_KEK debe ser 32 bytes aleatorios en base64/);
    expect(() => loadConfig({ PULSO_KEK_PREVIOUS: Buffer.alloc(16).toString('base64') })).toThrow(/PULSO_KEK_PREVIOUS/);
  });

  it('is generated once beside the embedded data, readable by its owner only, and kept', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pulso-kek-'));
    const config = loadConfig({ EMBEDDED_PG_DATA_DIR: path.join(dir, 'postgres') });
    expect(config.privacy.kekFile).toBe(path.join(dir, 'postgres.kek'));
    const first = resolveKek(config.privacy, config.env);
    expect(statSync(config.privacy.kekFile!).mode & 0o777).toBe(0o600);
    expect(readFileSync(config.privacy.kekFile!, 'utf8').trim()).toBe(first.toString('base64'));
    expect(resolveKek(config.privacy, config.env).equals(first)).toBe(true);
  });
});

describe('DataKeys (PostgreSQL)', () => {
  let database: TestDatabase;
  let pool: Pool;
  const kekA = generateKek();
  const kekB = generateKek();
  const configWith = (kek: string, previousKek?: string): AppConfig =>
    loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, PULSO_KEK: kek, ...(previousKek ? { PULSO_KEK_PREVIOUS: previousKek } : {}) });

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 4 });
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('keeps one live key per member, stored wrapped, and destroys it for good', async () => {
    const keys = new DataKeys(pool, configWith(kekA));
    const [first, again] = await Promise.all([keys.liveKey('m-1'), keys.liveKey('m-1')]);
    expect(again).toEqual(first);
    const other = new DataKeys(pool, configWith(kekA));
    expect((await other.liveKey('m-1')).key.equals(first.key)).toBe(true);
    const stored = (await pool.query<{ wrapped_key: Buffer }>('SELECT wrapped_key FROM member_data_keys WHERE subject = $1', ['m-1'])).rows[0].wrapped_key;
    expect(stored.includes(first.key)).toBe(false);

    expect(await keys.destroy('m-1')).toBe(1);
    expect(await keys.keyById(first.keyId)).toBe(DESTROYED);
    expect(await new DataKeys(pool, configWith(kekA)).keyById(first.keyId)).toBe(DESTROYED);
    const row = (await pool.query('SELECT wrapped_key, kek_id, destroyed_at FROM member_data_keys WHERE key_id = $1', [first.keyId])).rows[0];
    expect(row.wrapped_key).toBeNull();
    expect(row.destroyed_at).toBeInstanceOf(Date);
    // Anything written for the subject again gets a new key, never the destroyed one.
    const renewed = await keys.liveKey('m-1');
    expect(renewed.keyId).not.toBe(first.keyId);
  });

  it('rotates the key-encryption key: re-wraps every live key, after which only the new one is needed', async () => {
    const before = new DataKeys(pool, configWith(kekA));
    const keyIds = [];
    for (const subject of ['r-1', 'r-2', 'r-3']) keyIds.push(await before.liveKey(subject));

    // Without the previous KEK, a key wrapped by it is an error, never an erasure.
    await expect(new DataKeys(pool, configWith(kekB)).keyById(keyIds[0].keyId)).rejects.toThrow(MissingDataKeyError);

    const rotating = new DataKeys(pool, configWith(kekB, kekA));
    expect((await rotating.keyById(keyIds[1].keyId)) as Buffer).toEqual(keyIds[1].key);
    expect(await rotating.rewrapAll(2)).toBeGreaterThanOrEqual(3);
    expect(await rotating.rewrapAll()).toBe(0);

    const after = new DataKeys(pool, configWith(kekB));
    for (const { keyId, key } of keyIds) expect(((await after.keyById(keyId)) as Buffer).equals(key)).toBe(true);
    await expect(new DataKeys(pool, configWith(kekA)).keyById(keyIds[2].keyId)).rejects.toThrow(MissingDataKeyError);
  });

  it('keeps a text about a member under their live key, readable until they are erased; anything else only as a KEK-keyed digest', async () => {
    const keys = new DataKeys(pool, configWith(kekA));
    const policy = new PersonalDataPolicy(keys);
    await keys.liveKey('s-1');
    const recorded = { filters: { q: await policy.protect('carlota.q@example.com', 's-1'), type: 'WorkoutCompleted' } };
    expect(JSON.stringify(recorded)).not.toContain('carlota');
    expect(await policy.reveal(recorded)).toEqual({ filters: { q: 'carlota.q@example.com', type: 'WorkoutCompleted' } });
    await keys.destroy('s-1');
    expect(await new PersonalDataPolicy(new DataKeys(pool, configWith(kekA))).reveal(recorded)).toEqual({
      filters: { q: '[borrado]', type: 'WorkoutCompleted' },
    });

    // No live key (never had one, or erased): a digest, and no key is created for the subject.
    const digest = await policy.protect('04567891', 's-1');
    expect(digest).toMatch(/^pulso:hmac:v1:[A-Za-z0-9_-]{43}$/);
    expect(await keys.existingLiveKey('s-1')).toBeUndefined();
    expect(await policy.protect('04567891', undefined)).toBe(digest);
    expect(await policy.reveal({ q: digest })).toEqual({ q: digest });
    expect(new DataKeys(pool, configWith(kekB)).digest('04567891')).not.toBe(digest);
  });
});

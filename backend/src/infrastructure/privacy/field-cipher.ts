import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * One personal value inside an event payload, encrypted with its member's data key (ADR 0200):
 * AES-256-GCM over the value's JSON, stored as one string so that the payload keeps its shape,
 * `pulso:enc:v1:<keyId>:<base64url(iv ‖ tag ‖ ciphertext)>`. The key id names the data key, so a
 * member whose key was renewed after an erasure still reads the events of the new key.
 */
export const ENCRYPTED_PREFIX = 'pulso:enc:v1:';

/** What an erased member's personal fields read everywhere once their key is destroyed. */
export const ERASED = '[borrado]';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function isEncrypted(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(ENCRYPTED_PREFIX);
}

/** The key id an encrypted value names, without decrypting it. */
export function keyIdOf(value: string): string {
  const rest = value.slice(ENCRYPTED_PREFIX.length);
  return rest.slice(0, rest.indexOf(':'));
}

export function encryptValue(key: Buffer, keyId: string, value: unknown): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // The key id is authenticated with the value: a value cannot be moved under another key's id.
  cipher.setAAD(Buffer.from(keyId));
  const body = Buffer.concat([cipher.update(JSON.stringify(value ?? null), 'utf8'), cipher.final()]);
  return `${ENCRYPTED_PREFIX}${keyId}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Throws when the value was not encrypted with this key (a wrong key, or a tampered value). */
export function decryptValue(key: Buffer, value: string): unknown {
  const keyId = keyIdOf(value);
  const packed = Buffer.from(value.slice(ENCRYPTED_PREFIX.length + keyId.length + 1), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, packed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(keyId));
  decipher.setAuthTag(packed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const text = Buffer.concat([decipher.update(packed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  return JSON.parse(text) as unknown;
}

/** A data key wrapped (encrypted) by the key-encryption key: iv ‖ tag ‖ ciphertext. */
export function wrapKey(kek: Buffer, dataKey: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', kek, iv);
  const body = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function unwrapKey(kek: Buffer, wrapped: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', kek, wrapped.subarray(0, IV_BYTES));
  decipher.setAuthTag(wrapped.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(wrapped.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** A short public name of a key-encryption key (stored beside each wrapped key; never the key). */
export function kekId(kek: Buffer): string {
  return createHash('sha256').update('pulso-kek-id').update(kek).digest('hex').slice(0, 16);
}

export function generateKek(): string {
  return randomBytes(32).toString('base64');
}

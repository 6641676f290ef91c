import { createHash } from 'node:crypto';

/** A name-based (v5-style) UUID for a command on a class stream that happens once per booking or class (a cancellation, a check-in, a sweep). */
export function classCommandId(...parts: string[]): string {
  const bytes = createHash('sha1')
    .update(`pulso-class-command:${parts.join(':')}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

import jwt from 'jsonwebtoken';
import { generateKeyPairSync } from 'node:crypto';
import { Client } from 'pg';
import { LocalSigningKeys } from '../../src/infrastructure/auth/local-signing-keys';
import type { TestApp } from './test-app';

/** The forged identities every protected route must refuse with 401. */
export type ForgedKind = 'alg-none' | 'wrong-key' | 'expired';

/**
 * An `Authorization` header that claims to be `userId` but must not be believed:
 * `alg: none` (no signature), a foreign RSA key under the provider's current kid,
 * or the provider's own key with an expiry in the past.
 */
export async function forgedBearer(t: TestApp, kind: ForgedKind, userId: string, staff = false): Promise<string> {
  const keys = t.app.get(LocalSigningKeys);
  const current = await keys.current();
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: userId,
    email: `socio-${userId.slice(0, 8)}@example.com`,
    first_name: 'Ana',
    last_name: 'Martínez',
    iss: keys.issuer,
    aud: keys.audience,
    ...(staff ? { org_role: 'org:admin', amr: ['pwd', 'otp'] } : {}),
  };
  if (kind === 'alg-none') {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT', kid: current.kid })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ ...claims, iat: now, exp: now + 600 })).toString('base64url');
    return `Bearer ${header}.${payload}.`;
  }
  if (kind === 'wrong-key') {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return `Bearer ${jwt.sign({ ...claims, iat: now, exp: now + 600 }, privateKey, { algorithm: 'RS256', keyid: current.kid })}`;
  }
  return `Bearer ${jwt.sign({ ...claims, iat: now - 7200, exp: now - 3600 }, current.privateKey, { algorithm: 'RS256', keyid: current.kid })}`;
}

/**
 * Words that betray an English (framework) text. None of them is a Spanish word, so
 * valid Spanish such as "Cada objetivo puede tener hasta 60 caracteres." never matches;
 * field names (planId, workoutId…) are not in the list.
 */
const ENGLISH =
  /\b(the|must|should|is|are|be|not|cannot|can't|invalid|found|unauthorized|forbidden|internal|server|request|property|exist|exists|allowed|expected|failed|unexpected|payload|entity|too|large|required|unsupported|conflict|method|error occurred)\b/i;
/** Spanish texts carry at least one common Spanish word or an accented letter. */
const SPANISH = /[áéíóúñ¿¡]|\b(de|la|el|los|las|no|es|un|una|debe|puede|para|en|del|tu|ya|con|por|que|demasiad[ao]s|recurso|campo|solicitud)\b/i;

/** A short, human, Spanish sentence: no English framework text. */
export function isSpanishText(text: unknown): boolean {
  return typeof text === 'string' && text.trim().length > 0 && !ENGLISH.test(text) && SPANISH.test(text);
}

/** Traces of internals that must never reach a client. */
const INTERNALS = [
  /\bat [\w.<>[\]]+ \(?[^\s)]+:\d+:\d+\)?/, // stack frame
  /node_modules|[\w/-]+\.(ts|js):\d+/,
  /\b(SELECT|INSERT INTO|DELETE FROM)\b.+\b(FROM|VALUES|WHERE)\b/i,
  /\bUPDATE\s+\w+\s+SET\b/i,
  /\b(QueryFailedError|duplicate key value|violates (unique|foreign key|check) constraint|relation "|syntax error at or near|invalid input syntax for)\b/i,
  /\b(TypeError|ReferenceError|RangeError|SyntaxError|EntityNotFound|ECONNREFUSED)\b/,
  /"stack"\s*:/,
];

/** The first internal trace found in a response text, or undefined. */
export function internalsIn(text: string): string | undefined {
  for (const pattern of INTERNALS) {
    const match = text.match(pattern);
    if (match) return match[0];
  }
  return undefined;
}

/**
 * Problems with an error answer: the `{ error, message }` pair must be Spanish and
 * nothing internal may show. An empty list means the answer is acceptable.
 */
export function errorBodyProblems(status: number, body: unknown, rawText: string): string[] {
  const problems: string[] = [];
  const record = (body ?? {}) as { error?: unknown; message?: unknown };
  if (!isSpanishText(record.error)) problems.push(`${status}: error no es texto en español: ${JSON.stringify(record.error)}`);
  if (!isSpanishText(record.message)) problems.push(`${status}: message no es texto en español: ${JSON.stringify(record.message)}`);
  const leak = internalsIn(rawText);
  if (leak) problems.push(`${status}: detalle interno en la respuesta: ${leak}`);
  return problems;
}

/**
 * Tables whose content is the system's memory: the event log, accounts and sign-in state,
 * free-class bookings and the mail outbox. Read models are left out on purpose: they are
 * functions of the event log, caught up in the background (projection bookkeeping too).
 * The catalogue is seeded at start and no route writes it.
 */
const CHECKED_TABLES = /^(event_store_|identity_|free_class_|mail_outbox$)/;

/** One checksum per checked table, from one connection kept open for a whole run. */
export class TableChecksums {
  private client?: Client;
  private statement?: string;

  constructor(private readonly databaseUrl: string) {}

  async take(): Promise<Record<string, string>> {
    if (!this.client) {
      this.client = new Client({ connectionString: this.databaseUrl });
      await this.client.connect();
    }
    this.statement ??= await this.buildStatement(this.client);
    const { rows } = await this.client.query<{ name: string; sum: string }>(this.statement);
    return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
  }

  async close(): Promise<void> {
    await this.client?.end();
    this.client = undefined;
  }

  private async buildStatement(client: Client): Promise<string> {
    const { rows: tables } = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const parts: string[] = [];
    for (const { table_name: table } of tables) {
      if (!CHECKED_TABLES.test(table)) continue;
      const row = `t::text`;
      parts.push(`SELECT '${table}' AS name, count(*)::text || ':' || md5(coalesce(string_agg(${row}, '|' ORDER BY ${row}), '')) AS sum FROM "${table}" t`);
    }
    return parts.join(' UNION ALL ');
  }
}

/** Checksums of the checked tables, once (see TableChecksums for repeated use). */
export async function checksumTables(databaseUrl: string): Promise<Record<string, string>> {
  const checksums = new TableChecksums(databaseUrl);
  try {
    return await checksums.take();
  } finally {
    await checksums.close();
  }
}

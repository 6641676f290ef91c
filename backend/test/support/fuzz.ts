import fc from 'fast-check';
import request from 'supertest';
import { bearerFor } from './auth';
import { fillPath, OpenApiDocument, OpenApiSchema, Operation, operationsOf, readOpenApi, resolveSchema } from './openapi-operations';
import { errorBodyProblems, TableChecksums } from './reliability';
import { Access, declaredAccess } from './route-access';
import type { TestApp } from './test-app';

/** FUZZ_SEED makes a run reproducible; FUZZ_RUNS sets the cases per operation (soak: 300). */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261123);
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 25);
/**
 * Refusals that must write, by design: a wrong verification code counts against the code
 * (it dies after five wrong guesses), so the counter is its whole point. Nothing else may.
 */
const WRITES_ON_REFUSAL: Record<string, readonly string[]> = {
  'POST /api/identity/verify-email': ['identity_verification_codes'],
};

/**
 * Known defects that make an operation answer 5xx under repetition, each proved on its own
 * (as `it.failing`) elsewhere. The fuzzer still checks their bodies; remove the entry when
 * the defect is fixed and its `it.failing` test starts to fail.
 */
const KNOWN_5XX: Record<string, string> = {};

/** Operations with nothing to vary (no parameter, no body) only need a few cases. */
const INPUTLESS_RUNS = 3;

/** Inputs that have broken web applications before: injection, traversal, encodings, sizes. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  "' OR 1=1 --",
  '"; DROP TABLE event_store_events; --',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '%',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(400),
  'x'.repeat(5000),
  '2026-02-30',
  '0000-00-00T00:00:00Z',
  '00000000-0000-0000-0000-000000000000',
  'ñandú 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧',
  '\uD800',
];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const anyString = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.uuid(), hostileString);

/** The value one time in six, otherwise null (fc.option's `freq` is the chance of null). */
function rarely<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> {
  return fc.oneof({ arbitrary: fc.constant(null), weight: 5 }, { arbitrary, weight: 1 });
}

/** Values of one schema: mostly well-formed, often at or past the edges, sometimes of the wrong type. */
export function valueOf(document: OpenApiDocument, raw: OpenApiSchema | undefined, depth = 0, known: KnownValues = {}): fc.Arbitrary<unknown> {
  const schema = resolveSchema(document, raw) ?? {};
  const options: fc.Arbitrary<unknown>[] = [];
  if (schema.example !== undefined) options.push(fc.constant(schema.example));
  if (schema.enum) options.push(fc.constantFrom(...schema.enum));
  if (schema.nullable) options.push(fc.constant(null));
  switch (schema.type) {
    case 'string':
      options.push(anyString);
      if (schema.maxLength) options.push(fc.constant('a'.repeat(schema.maxLength)), fc.constant('a'.repeat(schema.maxLength + 1)));
      break;
    case 'number':
    case 'integer': {
      const min = schema.minimum ?? -1e6;
      const max = schema.maximum ?? 1e6;
      const inRange = fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
      options.push(inRange, inRange, fc.constantFrom(min - 1, max + 1, 0, -0, 0.5, 1e308, -1e308), fc.double({ noNaN: true }));
      break;
    }
    case 'boolean':
      options.push(fc.boolean());
      break;
    case 'array':
      options.push(fc.array(valueOf(document, schema.items, depth + 1, known), { maxLength: 15 }));
      break;
    case 'object':
    default:
      if (schema.properties && depth < 4) options.push(recordOf(document, schema, depth, known));
      else options.push(anyString, fc.integer(), fc.constant(null), fc.constant({}));
  }
  // Now and then a value of any type at all.
  return fc.oneof({ arbitrary: fc.oneof(...options), weight: 8 }, { arbitrary: fc.anything({ maxDepth: 2 }), weight: 1 });
}

/** An object of the schema: required keys usually present, optional ones sometimes, now and then a stranger. */
function recordOf(document: OpenApiDocument, schema: OpenApiSchema, depth: number, known: KnownValues): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(properties).map(([name, property]) =>
    fc.tuple(
      fc.constant(name),
      known[name]?.length
        ? fc.oneof({ arbitrary: fc.constantFrom(...known[name]), weight: 3 }, { arbitrary: valueOf(document, property, depth + 1, known), weight: 2 })
        : valueOf(document, property, depth + 1, known),
      fc.integer({ min: 0, max: 9 }),
    ),
  );
  return fc
    .tuple(fc.tuple(...fields), rarely(fc.tuple(fc.constantFrom('admin', 'role', 'userId', '__proto__', 'extra'), fc.anything({ maxDepth: 1 }))))
    .map(([entries, stranger]) => {
      const record: Record<string, unknown> = {};
      for (const [name, value, dice] of entries) {
        // Required: kept 9 times in 10. Optional: kept 6 times in 10.
        if (dice < (required.has(name) ? 9 : 6)) record[name] = value;
      }
      if (stranger) Object.defineProperty(record, stranger[0], { value: stranger[1], enumerable: true, configurable: true, writable: true });
      return record;
    });
}

export interface FuzzRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  idempotencyKey?: string;
  /** JSON text of the body, or undefined for none. */
  body?: string;
}

/** Known-good values for path parameters, so fuzzing also reaches past "not found". */
export type KnownValues = Record<string, string[]>;

const headerSafe = fc.stringMatching(/^[A-Za-z0-9 _.:-]{0,60}$/);

export function requestOf(document: OpenApiDocument, operation: Operation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const path = operation.parameters.filter((parameter) => parameter.in === 'path');
  const query = operation.parameters.filter((parameter) => parameter.in === 'query');
  const pathArbitrary = fc.tuple(
    ...path.map((parameter) =>
      fc.tuple(
        fc.constant(parameter.name),
        fc.oneof(
          ...(known[parameter.name]?.length ? [{ arbitrary: fc.constantFrom(...known[parameter.name]), weight: 4 }] : []),
          { arbitrary: fc.string({ minLength: 1, maxLength: 40 }), weight: 1 },
          { arbitrary: fc.uuid(), weight: 1 },
          { arbitrary: hostileString.filter((value) => value.length > 0), weight: 1 },
        ),
      ),
    ),
  );
  const queryArbitrary = fc.tuple(
    ...query.map((parameter) => fc.tuple(fc.constant(parameter.name), fc.option(valueOf(document, parameter.schema, 0, known).map(asQueryValue), { freq: 3 }))),
  );
  const strangerQuery = rarely(fc.tuple(fc.constantFrom('limit[$gt]', 'admin', 'offset', '__proto__[x]'), anyString));
  const idempotency = operation.parameters.some((parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key')
    ? fc.option(fc.oneof({ arbitrary: fc.uuid(), weight: 4 }, { arbitrary: headerSafe, weight: 1 }), { freq: 3 })
    : fc.constant(null);
  const body = operation.body
    ? fc.oneof(
        { arbitrary: exampleOf(document, operation.body, known), weight: 3 },
        { arbitrary: valueOf(document, operation.body, 0, known), weight: 6 },
        { arbitrary: fc.constant(undefined), weight: 1 },
      )
    : fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: fc.anything({ maxDepth: 1 }), weight: 1 });
  return fc
    .record({ path: pathArbitrary, query: queryArbitrary, stranger: strangerQuery, idempotency, body })
    .map(({ path, query, stranger, idempotency, body }) => {
      const queryRecord: Record<string, string> = {};
      for (const [name, value] of query) if (value !== null) queryRecord[name] = value;
      if (stranger) queryRecord[stranger[0]] = stranger[1];
      return {
        params: Object.fromEntries(path),
        query: queryRecord,
        idempotencyKey: idempotency ?? undefined,
        body: body === undefined ? undefined : JSON.stringify(body),
      };
    });
}

/** A body built from the schema's examples and the known values: the well-formed request a client would send. */
function exampleOf(document: OpenApiDocument, raw: OpenApiSchema | undefined, known: KnownValues, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolveSchema(document, raw) ?? {};
  if (schema.properties && depth < 4) {
    const entries = Object.entries(schema.properties).map(([name, property]) =>
      fc.tuple(fc.constant(name), known[name]?.length ? fc.constantFrom(...known[name]) : exampleOf(document, property, known, depth + 1), fc.boolean()),
    );
    const required = new Set(schema.required ?? []);
    return fc
      .tuple(...entries)
      .map((list) => Object.fromEntries(list.filter(([name, , keep]) => keep || required.has(name)).map(([name, value]) => [name, value])));
  }
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.example !== undefined) return fc.constant(schema.example);
  if (schema.type === 'array') return fc.array(exampleOf(document, schema.items, known, depth + 1), { maxLength: 3 });
  return schema.nullable ? fc.constant(null) : valueOf(document, schema, depth + 1, known);
}

function asQueryValue(value: unknown): string {
  if (typeof value === 'string') return value;
  const text = JSON.stringify(value);
  return text === undefined ? '' : text;
}

export interface FuzzTarget {
  operation: Operation;
  access: Access;
  runs: number;
  seed: number;
}

/** The operations of docs/openapi.json with the caller each is fuzzed as and its reproducible seed. */
export function fuzzTargets(t: TestApp, include: (access: Access) => boolean): FuzzTarget[] {
  const access = declaredAccess(t);
  return operationsOf()
    .map((operation, index) => {
      const inputless = !operation.body && operation.parameters.every((parameter) => parameter.in === 'header');
      return {
        operation,
        access: access.get(operation.key) ?? 'member',
        runs: inputless ? Math.min(INPUTLESS_RUNS, FUZZ_RUNS) : FUZZ_RUNS,
        seed: FUZZ_SEED + index,
      };
    })
    .filter((target) => include(target.access));
}

export interface FuzzOutcome {
  sent: number;
  byStatus: Record<string, number>;
  /** The distinct refusal texts met (for FUZZ_VERBOSE). */
  refusals: Set<string>;
}

/**
 * Sends `runs` generated requests to one operation and checks each answer: no 5xx, every
 * error a Spanish `{ error, message }` without internals, and no checked table changed by a
 * rejected request. Throws fast-check's report (with seed and shrunk case) on the first failure.
 */
export async function fuzzOperation(t: TestApp, target: FuzzTarget, tokens: Record<Access, string | undefined>, known: KnownValues): Promise<FuzzOutcome> {
  const document = readOpenApi();
  const outcome: FuzzOutcome = { sent: 0, byStatus: {}, refusals: new Set() };
  const checksums = new TableChecksums(t.database.url);
  let baseline = await checksums.take();
  let client = 0;
  const property = fc.asyncProperty(requestOf(document, target.operation, known), async (input) => {
    client++;
    let call = request(t.app.getHttpServer())[target.operation.method](fillPath(target.operation.path, input.params));
    call = call.query(input.query).set('X-Forwarded-For', `10.${(target.seed % 200) + 1}.${(client >> 8) & 255}.${client & 255}`);
    const token = tokens[target.access];
    if (token) call = call.set('Authorization', token);
    if (input.idempotencyKey !== undefined) call = call.set('Idempotency-Key', input.idempotencyKey);
    if (input.body !== undefined) call = call.set('Content-Type', 'application/json').send(input.body);
    const response = await call;
    outcome.sent++;
    outcome.byStatus[response.status] = (outcome.byStatus[response.status] ?? 0) + 1;
    if (response.status >= 500 && !KNOWN_5XX[target.operation.key]) throw new Error(`${response.status}: ${response.text.slice(0, 300)}`);
    if (response.status >= 400) {
      const problems = errorBodyProblems(response.status, response.body, response.text);
      if (problems.length) throw new Error(problems.join('\n'));
      outcome.refusals.add(`${response.status} ${String(response.body.error)}`);
      const after = await checksums.take();
      const allowed = WRITES_ON_REFUSAL[target.operation.key] ?? [];
      const changed = Object.keys({ ...baseline, ...after }).filter((table) => baseline[table] !== after[table]);
      if (changed.some((table) => !allowed.includes(table))) throw new Error(`${response.status} pero cambió: ${changed.join(', ')}`);
      baseline = after;
    } else {
      baseline = await checksums.take();
    }
  });
  try {
    await fc.assert(property, { seed: target.seed, numRuns: target.runs, endOnFailure: true });
  } finally {
    await checksums.close();
  }
  return outcome;
}

/** The callers a fuzz run uses: a fresh member and a staff account. */
/**
 * Fuzzes every target and answers the findings, one per failing operation with its seeds.
 * Every operation runs even after one fails, so a run reports all it found.
 */
export async function fuzzAll(t: TestApp, targets: FuzzTarget[], tokens: Record<Access, string | undefined>, known: KnownValues): Promise<string[]> {
  const summary: string[] = [];
  const failures: string[] = [];
  let sent = 0;
  for (const target of targets) {
    try {
      const outcome = await fuzzOperation(t, target, tokens, known);
      sent += outcome.sent;
      summary.push(`${target.operation.key}: ${JSON.stringify(outcome.byStatus)} ${JSON.stringify([...outcome.refusals])}`);
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause;
      failures.push(`${target.operation.key} (FUZZ_SEED=${FUZZ_SEED}, seed ${target.seed}):\n${(error as Error).message}\n${cause?.message ?? ''}`);
    }
  }
  if (process.env.FUZZ_VERBOSE)
    process.stdout.write(`${summary.join('\n')}\nfuzz seed=${FUZZ_SEED} runs=${FUZZ_RUNS} operations=${targets.length} requests=${sent}\n`);
  return failures;
}

export async function fuzzTokens(t: TestApp, memberId: string): Promise<Record<Access, string | undefined>> {
  return {
    public: undefined,
    member: await bearerFor(t, { userId: memberId }),
    staff: await bearerFor(t, { role: 'staff', email: 'recepcion@pulso.sv', firstName: 'Rosa', lastName: 'Staff' }),
  };
}

import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { TOO_DEEP_MESSAGE } from '../src/infrastructure/http/body-depth';
import { fuzzTokens } from './support/fuzz';
import { fillPath, operationsOf } from './support/openapi-operations';
import { declaredAccess } from './support/route-access';
import { createTestApp, TestApp } from './support/test-app';

/** Issue 16: deep bodies overflowed the validation pipe's recursion and answered 500. */
const LEVELS = 2_000;

function deepBody(): string {
  return `${'{"a":'.repeat(LEVELS)}1${'}'.repeat(LEVELS)}`;
}

describe('deeply nested input (e2e)', () => {
  let t: TestApp;
  let tokens: Awaited<ReturnType<typeof fuzzTokens>>;

  beforeAll(async () => {
    t = await createTestApp();
    tokens = await fuzzTokens(t, randomUUID());
  });

  afterAll(async () => {
    await t?.close();
  });

  it(`refuses a body nested ${LEVELS} levels deep on every operation with 400 and a Spanish message`, async () => {
    const access = declaredAccess(t);
    const operations = operationsOf();
    expect(operations.length).toBeGreaterThan(30);
    const answers: Record<string, unknown> = {};
    for (const [index, operation] of operations.entries()) {
      let call = request(t.app.getHttpServer())[operation.method](fillPath(operation.path, { id: randomUUID() }));
      const token = tokens[access.get(operation.key) ?? 'member'];
      if (token) call = call.set('Authorization', token);
      const response = await call
        .set('X-Forwarded-For', `10.16.0.${index + 1}`)
        .set('Idempotency-Key', randomUUID())
        .set('Content-Type', 'application/json')
        .send(deepBody());
      answers[operation.key] = { status: response.status, error: response.body.error, code: response.body.code };
    }
    const expected = Object.fromEntries(operations.map((operation) => [operation.key, { status: 400, error: TOO_DEEP_MESSAGE, code: 'invalid' }]));
    expect(answers).toEqual(expected);
  }, 120_000);

  it('lets a deeply bracketed query string through as one plain key, never a 500', async () => {
    const key = `a${'[b]'.repeat(LEVELS)}`;
    const anonymous = await request(t.app.getHttpServer()).get('/api/config').query(`${key}=1`);
    expect(anonymous.status).toBe(200);
    const member = await request(t.app.getHttpServer()).get('/api/progress').set('Authorization', tokens.member!).query(`${key}=1`);
    expect(member.status).toBe(400);
    expect(member.body.error).toMatch(/no está permitido\.$/);
  });
});

import { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { DomainError } from '../../shared/domain-error';
import { ENDED_SESSION_KEPT_MS, ERASED_MESSAGE, REVOCATIONS_MAX_AGE_MS, Revocations, SESSION_ENDED_MESSAGE } from './revocations';

/** Two instances of the application: each its own Revocations, one database between them. */
describe('Revocations shared through PostgreSQL', () => {
  let database: TestDatabase;
  let pool: Pool;
  let clock: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 4 });
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  beforeEach(() => {
    clock = Date.now();
    jest.spyOn(Date, 'now').mockImplementation(() => clock);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  /** What the guard does before it admits a request. */
  async function admits(instance: Revocations, userId: string, sessionId?: string): Promise<DomainError | undefined> {
    await instance.current();
    return instance.refusal({ userId, sessionId });
  }

  it('refuses an erased subject on the instance that erased at once, and on another once its set is older than the bound', async () => {
    const here = new Revocations(pool);
    const there = new Revocations(pool);
    expect(await admits(there, 'socia-1')).toBeUndefined();

    await here.revokeSubject('socia-1');
    expect((await admits(here, 'socia-1'))?.message).toBe(ERASED_MESSAGE);
    // Within the bound the other instance still answers from the set it read: this is the window docs/privacy.md states.
    clock += REVOCATIONS_MAX_AGE_MS - 1;
    expect(there.current()).toBeUndefined();
    clock += 1;
    const refusal = await admits(there, 'socia-1');
    expect(refusal).toMatchObject({ code: 'unauthorized', message: ERASED_MESSAGE, details: { reason: 'account_erased' } });
    expect(await admits(there, 'socia-2')).toBeUndefined();
    // A new instance reads every erased subject at its first look.
    expect((await admits(new Revocations(pool), 'socia-1'))?.message).toBe(ERASED_MESSAGE);
  });

  it('finds a revocation that committed after a look although its transaction began before it', async () => {
    const there = new Revocations(pool);
    await there.current();
    await pool.query(`INSERT INTO auth_revocations (kind, id, recorded_at) VALUES ('subject', 'socio-tardio', now() - interval '30 seconds')`);
    clock += REVOCATIONS_MAX_AGE_MS;
    expect((await admits(there, 'socio-tardio'))?.message).toBe(ERASED_MESSAGE);
  });

  it('refuses a signed-out session’s tokens everywhere, other sessions of the member not, and forgets it once its tokens are long gone', async () => {
    const here = new Revocations(pool);
    const there = new Revocations(pool);
    await there.current();
    await here.endSession('sesion-fuera');
    expect((await admits(here, 'socia-3', 'sesion-fuera'))?.message).toBe(SESSION_ENDED_MESSAGE);
    expect(await admits(here, 'socia-3', 'sesion-otra')).toBeUndefined();
    expect(await admits(here, 'socia-3')).toBeUndefined();
    clock += REVOCATIONS_MAX_AGE_MS;
    expect(await admits(there, 'socia-3', 'sesion-fuera')).toMatchObject({ details: { reason: 'session_ended' } });

    clock += ENDED_SESSION_KEPT_MS;
    expect(await admits(there, 'socia-3', 'sesion-fuera')).toBeUndefined();
  });

  it('refuses with a Spanish 503 when it cannot look, rather than let anyone through', async () => {
    const broken = new Pool({ connectionString: database.url.replace(/\/[^/]+$/, '/no_existe'), max: 1 });
    const instance = new Revocations(broken);
    await expect(instance.current()).rejects.toMatchObject({ code: 'unavailable', message: expect.stringContaining('no está disponible') });
    await broken.end();
  });
});

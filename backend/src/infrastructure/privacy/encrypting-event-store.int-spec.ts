import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { loadConfig } from '../../config/app-config';
import { contractEvent, describeEventStoreContract } from '../event-store/event-store.contract';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { DataKeys } from './data-keys';
import { EncryptingEventStore } from './encrypting-event-store';
import { PersonalDataPolicy } from './personal-data-policy';

let database: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 20 });
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

/** The contract's own streams (`member…`) with the `n` of its events as a personal field: every contract case runs through encryption. */
function policyFor(keys: DataKeys): PersonalDataPolicy {
  const policy = new PersonalDataPolicy(keys);
  const field = [{ path: ['n'], erased: '[borrado]' }];
  policy.register({ streamPrefix: 'member', fields: { A: field, B: field, C: field, ContractRenamed: [{ path: ['name'], erased: '[borrado]' }] } });
  return policy;
}

describeEventStoreContract('PostgreSQL behind the encryption of personal fields', async (upcasters) => {
  const keys = new DataKeys(pool, loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url }));
  const store = new EncryptingEventStore(new PostgresEventStore(pool, upcasters), policyFor(keys));
  return {
    store,
    async slowAppend(streamId, events, expectedRevision) {
      await store.append(streamId, events, { expectedRevision });
    },
    close: () => store.close(),
  };
});

describe('EncryptingEventStore', () => {
  it('stores the personal fields encrypted, reads them back, and reads "[borrado]" once the key is destroyed', async () => {
    const keys = new DataKeys(pool, loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url }));
    const store = new EncryptingEventStore(new PostgresEventStore(pool), policyFor(keys));
    const appended = contractEvent('A', { n: 'Valor personal', kept: 'a la vista' });
    await store.append('member-shred-1', [appended, contractEvent('Other', { n: 'no es personal' })], { expectedRevision: 'no-stream' });
    // The caller's event is not changed by the append.
    expect(appended.data).toEqual({ n: 'Valor personal', kept: 'a la vista' });
    const raw = (
      await pool.query<{ data: string }>(`SELECT data::text AS data FROM event_store_events WHERE stream_id = 'member-shred-1' ORDER BY stream_revision`)
    ).rows;
    expect(raw[0].data).not.toContain('Valor personal');
    expect(raw[0].data).toContain('a la vista');
    expect(raw[1].data).toContain('no es personal');
    expect((await store.readStream('member-shred-1')).map((event) => event.data)).toEqual([
      { n: 'Valor personal', kept: 'a la vista' },
      { n: 'no es personal' },
    ]);

    await keys.destroy('-shred-1');
    const fresh = new EncryptingEventStore(
      new PostgresEventStore(pool),
      policyFor(new DataKeys(pool, loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url }))),
    );
    expect((await fresh.readStream('member-shred-1')).map((event) => event.data)).toEqual([{ n: '[borrado]', kept: 'a la vista' }, { n: 'no es personal' }]);
    // The global log shows an event once no older transaction of the cluster is open: wait for it.
    let fromLog: unknown[] = [];
    for (let attempt = 0; attempt < 200 && fromLog.length === 0; attempt += 1) {
      fromLog = (await fresh.readAll({ eventTypes: ['A'] })).filter((event) => event.streamId === 'member-shred-1').map((event) => event.data);
      if (fromLog.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(fromLog).toEqual([{ n: '[borrado]', kept: 'a la vista' }]);
  });

  it('decrypts a copy of an event readers share: the shared event keeps its ciphertext, so a destroyed key erases it for the next reader', async () => {
    const keys = new DataKeys(pool, loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url }));
    const policy = policyFor(keys);
    const inner = new PostgresEventStore(pool);
    await new EncryptingEventStore(inner, policy).append('member-shared-1', [contractEvent('A', { n: 'Dato compartido', kept: 'visible' })], {
      expectedRevision: 'no-stream',
    });
    const [shared] = await inner.readStream('member-shared-1');
    // Two readers at once, as readers replaying side by side are.
    const [first, second] = await Promise.all([policy.decryptedCopy(shared!), policy.decryptedCopy(shared!)]);
    expect(first!.data).toEqual({ n: 'Dato compartido', kept: 'visible' });
    expect(second!.data).toEqual({ n: 'Dato compartido', kept: 'visible' });
    expect(first).not.toBe(shared);
    expect(first!.position).toBe(shared!.position);
    expect(JSON.stringify(shared!.data)).not.toContain('Dato compartido');
    await keys.destroy('-shared-1');
    const afterErasure = new PersonalDataPolicy(new DataKeys(pool, loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url })));
    afterErasure.register({ streamPrefix: 'member', fields: { A: [{ path: ['n'], erased: '[borrado]' }] } });
    expect((await afterErasure.decryptedCopy(shared!)).data).toEqual({ n: '[borrado]', kept: 'visible' });
    // An event without personal fields is handed on as it is.
    const plain = (await inner.readStream('member-shared-1'))[0]!;
    const other = { ...contractEvent('Other', { n: 'x' }), streamId: 'member-shared-1', revision: 1n, position: plain.position };
    expect(await policy.decryptedCopy(other as never)).toBe(other);
  });

  it('hands on an event of a personal type with nothing encrypted as it is, even once another reader decoded it', async () => {
    const policy = policyFor(new DataKeys(pool, loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url })));
    const inner = new PostgresEventStore(pool);
    // A type with personal fields whose payload holds none (a completion without a timer).
    await new EncryptingEventStore(inner, policy).append('member-plain-1', [contractEvent('A', { kept: 'visible' })], { expectedRevision: 'no-stream' });
    const [shared] = await inner.readStream('member-plain-1');
    expect(policy.covers(shared!)).toBe(false);
    // A reader of the shared page decodes it first: the next reader still needs no copy (ADR 0273).
    expect(shared!.data).toEqual({ kept: 'visible' });
    expect(policy.covers(shared!)).toBe(false);
    expect(await policy.decryptedCopy(shared!)).toBe(shared);
  });
});

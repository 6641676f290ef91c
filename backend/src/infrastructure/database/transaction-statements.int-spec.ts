import { Client, type QueryResult } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { transactionStatements } from './transaction-statements';

/**
 * A handler's statements issued side by side (ADR 0259), on a real PostgreSQL: in the order issued,
 * in one round trip where the connection pipelines, and never after the transaction's end.
 */
describe('transactionStatements', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const setup = new Client({ connectionString: database.url });
    await setup.connect();
    await setup.query('CREATE TABLE statement_order (n integer PRIMARY KEY, seen integer NOT NULL)');
    await setup.end();
  });

  afterAll(async () => {
    await database.drop();
  });

  for (const pipeline of [true, false]) {
    describe(pipeline ? 'on a pipelined connection' : 'on a plain connection', () => {
      let client: Client;
      /** How many statements the client had written to the server and not yet heard back about, at most. */
      let mostInFlight = 0;

      beforeEach(async () => {
        client = new Client({ connectionString: database.url, pipeline } as ConstructorParameters<typeof Client>[0]);
        await client.connect();
        await client.query('TRUNCATE statement_order');
        const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
        let inFlight = 0;
        mostInFlight = 0;
        (client as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
          mostInFlight = Math.max(mostInFlight, ++inFlight);
          try {
            return await query(...args);
          } finally {
            inFlight--;
          }
        };
      });

      afterEach(async () => {
        await client.end();
      });

      it('runs statements issued together in the order issued, each answering its own', async () => {
        const statements = transactionStatements(client);
        await client.query('BEGIN');
        const counted = (n: number) =>
          statements.run('INSERT INTO statement_order (n, seen) SELECT $1, count(*) FROM statement_order RETURNING seen', [n]) as Promise<
            QueryResult<{ seen: string }>
          >;
        const answers = await Promise.all([1, 2, 3, 4, 5].map(counted));
        await statements.close();
        await client.query('COMMIT');
        // Each insert saw exactly the ones issued before it: the order issued is the order run.
        expect(answers.map((answer) => Number(answer.rows[0].seen))).toEqual([0, 1, 2, 3, 4]);
        expect(mostInFlight).toBe(pipeline ? 5 : 1);
      });

      it(
        pipeline ? 'writes statements issued together to the socket at once (ADR 0265)' : 'writes each statement once the one before has answered',
        async () => {
          const socket = (client as unknown as { connection: { stream: { _write: (...args: unknown[]) => void; _writev: (...args: unknown[]) => void } } })
            .connection.stream;
          const write = socket._write.bind(socket);
          const writev = socket._writev.bind(socket);
          let writes = 0;
          socket._write = (...args: unknown[]) => {
            writes++;
            write(...args);
          };
          socket._writev = (...args: unknown[]) => {
            writes++;
            writev(...args);
          };
          const statements = transactionStatements(client);
          await client.query('BEGIN');
          writes = 0;
          const issued = [1, 2, 3, 4, 5].map((n) => statements.run('INSERT INTO statement_order (n, seen) VALUES ($1, 0)', [n]));
          // Issued in a later turn, after the first five have answered: a write of its own.
          await Promise.all(issued);
          await statements.run('INSERT INTO statement_order (n, seen) VALUES (6, 0)');
          await statements.close();
          await client.query('ROLLBACK');
          expect(writes).toBe(pipeline ? 3 : 7);
        },
      );

      it('runs nothing after a failure reaches the caller, and nothing once closed', async () => {
        const statements = transactionStatements(client);
        await client.query('BEGIN');
        const issued = [
          statements.run('INSERT INTO statement_order (n, seen) VALUES (1, 0)'),
          statements.run('INSERT INTO statement_order (n, seen) VALUES (1, 0)'), // the same key: fails
          statements.run('INSERT INTO statement_order (n, seen) VALUES (2, 0)'),
        ];
        await expect(Promise.all(issued)).rejects.toMatchObject({ code: '23505' });
        // The caller closes before its ROLLBACK: whatever was issued has answered, and nothing more goes.
        await statements.close();
        const outcomes = await Promise.allSettled(issued);
        expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
        // Pipelined, the third was already on the wire and the server refused it; plain, it was never sent.
        expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ code: pipeline ? '25P02' : '23505' });
        await expect(statements.run('INSERT INTO statement_order (n, seen) VALUES (3, 0)')).rejects.toThrow(/closed/);
        await client.query('ROLLBACK');
        const after = await client.query('SELECT count(*)::int AS n FROM statement_order');
        expect(after.rows[0].n).toBe(0);
        expect((client as unknown as { getTransactionStatus(): string }).getTransactionStatus()).toBe('I');
      });
    });
  }
});

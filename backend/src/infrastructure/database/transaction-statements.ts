/** The connection a transaction runs on: node-postgres's client, pipelined or not. */
export interface StatementClient {
  query(sql: string, params?: unknown[]): Promise<unknown>;
  /** node-postgres's pipeline mode (`pipeline: true`): a statement is sent without waiting for the one before. */
  readonly pipeline?: boolean;
  /** node-postgres's connection: its socket holds the statements issued together and writes them at once. */
  readonly connection?: { readonly stream?: { cork?(): void; uncork?(): void } };
}

export interface TransactionStatements {
  /** Sends one statement of the transaction, in the order issued, whatever the caller awaits. */
  run(sql: string, params?: unknown[]): Promise<unknown>;
  /**
   * Refuses any further statement and answers once every statement issued so far has answered:
   * the caller's COMMIT or ROLLBACK then goes after all of them, never between.
   */
  close(): Promise<void>;
}

/**
 * The handlers' statements of one transaction on its one connection (ADR 0259). A handler may issue
 * statements side by side (its independent reads, then its independent writes); they reach the server
 * in the order issued:
 * - on a pipelined connection each is sent at once, so statements issued together share one round trip;
 *   the socket is corked until the end of the current turn, so they also go in one write (ADR 0265);
 * - otherwise one after the other, each once the one before has answered.
 *
 * Once one fails the transaction is lost: on a plain connection the statements queued behind it are not
 * sent (they fail with the same error), and `close` keeps anything from running after the rollback.
 */
export function transactionStatements(client: StatementClient): TransactionStatements {
  let last: Promise<unknown> = Promise.resolve();
  let failure: unknown;
  let closed = false;
  let held = false;
  const stream = client.pipeline === true ? client.connection?.stream : undefined;
  // Statements issued in the same turn of the event loop (side by side, or from that turn's promise
  // callbacks) leave in one write instead of one system call each: corked now, uncorked once the
  // turn's promise callbacks have run. node-postgres corks each statement too; corks nest.
  const holdWrites = () => {
    if (held || !stream?.cork || !stream.uncork) return;
    held = true;
    stream.cork();
    process.nextTick(() => {
      held = false;
      stream.uncork!();
    });
  };
  const refused = () => Promise.reject(new Error('The transaction is closed: no statement may follow its COMMIT or ROLLBACK'));
  return {
    run(sql: string, params?: unknown[]): Promise<unknown> {
      if (closed) return refused();
      let sent: Promise<unknown>;
      if (client.pipeline === true) {
        holdWrites();
        sent = client.query(sql, params);
      } else {
        sent = last.then(() => {
          if (failure !== undefined) throw failure;
          if (closed) return refused();
          return client.query(sql, params);
        });
      }
      last = sent.catch((error: unknown) => {
        failure ??= error;
      });
      return sent;
    },
    async close() {
      closed = true;
      await last;
    },
  };
}

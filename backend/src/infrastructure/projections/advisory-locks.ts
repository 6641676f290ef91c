import { Client, Pool } from 'pg';

/**
 * Session advisory locks, all held on one dedicated connection per process: a
 * runner owns its projection generation while the lock is held. If that
 * connection drops, PostgreSQL releases every lock at once, so `onLost` stops
 * every runner of this process; the checkpoint compare-and-set fences any batch
 * still in flight. Session locks need a direct connection, not a transaction-
 * pooling proxy (ADR 0016).
 */
export class AdvisoryLocks {
  private client?: Client;
  private connecting?: Promise<Client>;
  private readonly held = new Set<string>();
  private closed = false;
  /** The lock connection's queries, one at a time: pg deprecates queuing on a busy client. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly pool: Pool,
    private readonly onLost: () => void,
  ) {}

  tryAcquire(key: string): Promise<boolean> {
    return this.serialized(async () => {
      if (this.held.has(key)) return true;
      const client = await this.connection();
      const result = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [key]);
      if (result.rows[0].locked) this.held.add(key);
      return result.rows[0].locked;
    });
  }

  release(key: string): Promise<void> {
    return this.serialized(async () => {
      if (!this.held.delete(key) || !this.client) return;
      await this.client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => undefined);
    });
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.held.clear();
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private connection(): Promise<Client> {
    if (this.closed) return Promise.reject(new Error('Advisory locks are closed'));
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const { connectionString, host, port, user, password, database } = this.pool.options;
      const client = new Client({ connectionString, host, port, user, password, database, application_name: 'pulso-projection-locks' });
      client.on('error', () => {
        if (this.client !== client) return;
        this.client = undefined;
        this.held.clear();
        void client.end().catch(() => undefined);
        this.onLost();
      });
      await client.connect();
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }
}

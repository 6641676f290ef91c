import { Client, type Pool } from 'pg';
import { WakeSignal } from '../wake-signal';

/**
 * How live readers learn that the log grew (ADR 0011). Appends of this process wake its subscriptions
 * at once; other processes hear a NOTIFY on one LISTEN connection per store. The NOTIFY is sent after
 * the append commits, outside its transaction (a NOTIFY inside takes a cluster-wide lock at commit and
 * would serialise every append), and coalesced across concurrent appends. A lost wake-up is covered
 * by the subscriptions' idle re-read.
 */

const CHANNEL = 'event_store';
/** Least time between two NOTIFYs of one store: bounds their cost under load, not the wake-up latency. */
const NOTIFY_INTERVAL_MS = 20;
/** The listener's reconnection backoff starts here and doubles up to LISTEN_RETRY_MAX_MS. */
const LISTEN_RETRY_MS = 100;
const LISTEN_RETRY_MAX_MS = 5000;

export class Notifier {
  /** Bumped on every append of this process and every NOTIFY heard: what subscriptions wait on. */
  readonly wake = new WakeSignal();
  private listener?: Client;
  private listenerStarting?: Promise<void>;
  private notifyInFlight = false;
  private notifyAgain = false;
  private retryDelay = LISTEN_RETRY_MS;
  private closed = false;

  constructor(private readonly pool: Pool) {}

  /** Wakes local subscribers now, and other processes' through a NOTIFY sent at most every few milliseconds however many appends land meanwhile. */
  announce(): void {
    this.wake.bump();
    if (this.notifyInFlight) {
      this.notifyAgain = true;
      return;
    }
    this.notifyInFlight = true;
    const send = (): void => {
      this.notifyAgain = false;
      // A NOTIFY takes an xid, so committing it would wait for its own WAL flush: a lost wake-up is
      // covered by the idle re-read, so it commits asynchronously (one round trip, simple protocol).
      this.pool
        .query(`BEGIN; SET LOCAL synchronous_commit = off; NOTIFY ${CHANNEL}; COMMIT`)
        .catch(() => undefined) // subscribers elsewhere still re-read on their idle re-check
        .finally(() => {
          if (this.notifyAgain && !this.closed) setTimeout(send, NOTIFY_INTERVAL_MS);
          else this.notifyInFlight = false;
        });
    };
    send();
  }

  /** Starts listening for other processes' appends, once; a lost connection is re-established with backoff. */
  listen(): Promise<void> {
    if (this.listener || this.closed) return Promise.resolve();
    if (this.listenerStarting) return this.listenerStarting;
    this.listenerStarting = this.startListener()
      .catch(() => this.retryListener())
      .finally(() => {
        this.listenerStarting = undefined;
      });
    return this.listenerStarting;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listenerStarting?.catch(() => undefined);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  private async startListener(): Promise<void> {
    const { connectionString, host, port, user, password, database } = this.pool.options;
    const client = new Client({ connectionString, host, port, user, password, database });
    client.on('notification', () => this.wake.bump());
    client.on('error', () => {
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
      this.retryListener();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.listener = client;
    // Anything appended while no one was listening must be read now.
    this.wake.bump();
  }

  private retryListener(): void {
    if (this.closed) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, LISTEN_RETRY_MAX_MS);
    setTimeout(() => {
      void this.listen().then(() => {
        if (this.listener) this.retryDelay = LISTEN_RETRY_MS;
      });
    }, delay).unref();
  }
}

import {
  AppendResult,
  EventStore,
  EventSubscription,
  ExpectedRevision,
  InlineSupport,
  NewEvent,
  PreCommitHook,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeToAllOptions,
} from '../event-store/event-store.port';
import type { PersonalDataPolicy } from './personal-data-policy';

/**
 * The EventStore the application injects, around either adapter (ADR 0200): personal fields are
 * encrypted on append and decrypted on every read — a member's stream, the global log, the
 * projections' subscriptions, replays and rebuilds — so an erased member reads "[borrado]"
 * everywhere, whichever store holds the events. Events without personal fields pass through
 * untouched; decrypting builds a new event, never changes the one read.
 */
export class EncryptingEventStore extends EventStore {
  constructor(
    readonly inner: EventStore,
    private readonly policy: PersonalDataPolicy,
  ) {
    super();
  }

  async append(streamId: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    const result = await this.inner.append(streamId, await this.policy.encrypt(streamId, events), options);
    if (result.stored) return { ...result, stored: await this.decryptAll(result.stored) };
    return result;
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.decryptAll(await this.inner.readStream(streamId, options));
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.decryptAll(await this.inner.readAll(options));
  }

  subscribeToAll(options?: SubscribeToAllOptions): EventSubscription {
    const inner = this.inner.subscribeToAll(options);
    const policy = this.policy;
    const subscription: EventSubscription = {
      close: () => inner.close(),
      get checkpoint() {
        return inner.checkpoint;
      },
      ...(inner.checkpointMoved ? { checkpointMoved: () => inner.checkpointMoved!() } : {}),
      async *[Symbol.asyncIterator]() {
        const events = inner[Symbol.asyncIterator]();
        try {
          for (;;) {
            // Cleared before the next read: a waiting generator keeps its locals (PostgresSubscription).
            let event: RecordedEvent | undefined = (await events.next()).value ?? undefined;
            if (event === undefined) return;
            // A new event: the one read may be shared with other readers (ADR 0249) and keeps its ciphertext.
            yield policy.covers(event) ? await policy.decryptedCopy(event) : event;
            event = undefined;
          }
        } finally {
          await events.return?.(undefined);
        }
      },
      ...(inner.pages
        ? {
            async *pages() {
              const pages = inner.pages!()[Symbol.asyncIterator]();
              try {
                for (;;) {
                  let page: RecordedEvent[] | undefined = (await pages.next()).value ?? undefined;
                  if (page === undefined) return;
                  // The page's array is this reader's; its events may be shared with other readers (ADR 0249),
                  // so an event with personal fields is replaced by a decrypted new one.
                  // Checked without waiting first: most events hold nothing encrypted, and a replay reads millions.
                  for (let index = 0; index < page.length; index++) if (policy.covers(page[index])) page[index] = await policy.decryptedCopy(page[index]);
                  yield page;
                  page = undefined;
                }
              } finally {
                await pages.return?.(undefined);
              }
            },
          }
        : {}),
    };
    return subscription;
  }

  headPosition(): Promise<string | undefined> {
    return this.inner.headPosition();
  }

  countEvents(eventTypes?: readonly string[]): Promise<number | undefined> {
    return this.inner.countEvents(eventTypes);
  }

  comparePositions(a: string | undefined, b: string | undefined): number {
    return this.inner.comparePositions(a, b);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** The pre-commit hook reads the appended events decrypted, as every other reader does (ADR 0240). */
  override usePreCommitHook<Opened>(hook: PreCommitHook<Opened>): InlineSupport | undefined {
    return this.inner.usePreCommitHook<Opened>({
      open: (transaction) => hook.open(transaction),
      beforeCommit: async (transaction, events, opened) => hook.beforeCommit(transaction, await this.decryptAll(events), opened),
    });
  }

  private async decryptAll(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const decrypted: RecordedEvent[] = [];
    for (const event of events) decrypted.push(this.policy.covers(event) ? await this.policy.decryptedCopy(event) : event);
    return decrypted;
  }
}

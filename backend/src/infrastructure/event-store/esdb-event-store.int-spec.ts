import { contractEvent, describeEventStoreContract } from './event-store.contract';
import { EventStoreUnavailableError } from './event-store.port';
import { EsdbEventStore } from './esdb-event-store';

/**
 * The same contract against a real EventStoreDB / KurrentDB node. No server can
 * run on the development machines, so this runs only when EVENTSTORE_URL is set
 * (README: "Event store contract against EventStoreDB").
 */
const url = process.env.EVENTSTORE_URL;

if (url) {
  describeEventStoreContract('EventStoreDB', async (upcasters) => {
    const store = new EsdbEventStore(url, upcasters);
    return {
      store,
      // EventStoreDB commits each append atomically on the server: delays go between appends.
      async slowAppend(streamId, events, expectedRevision, delayMs) {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        await store.append(streamId, events, { expectedRevision });
      },
      close: () => store.close(),
    };
  });
} else {
  describe('EventStore contract: EventStoreDB', () => {
    it.skip('SKIPPED: EVENTSTORE_URL is not set, so the EventStoreDB contract suite did not run (set EVENTSTORE_URL=esdb://host:2113?tls=false)', () =>
      undefined);
    it('says plainly that the EventStoreDB suite was skipped', () => {
      process.stdout.write('EventStoreDB contract suite SKIPPED: EVENTSTORE_URL is not set (no EventStoreDB server here).\n');
      expect(url).toBeUndefined();
    });
  });
}

describe('EventStoreDB adapter without a server', () => {
  it('maps an unreachable server to EventStoreUnavailableError', async () => {
    const store = new EsdbEventStore('esdb://127.0.0.1:1?tls=false');
    try {
      await expect(store.append('member-x', [contractEvent('A')], { expectedRevision: 'any' })).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await expect(store.readStream('member-x')).rejects.toBeInstanceOf(EventStoreUnavailableError);
    } finally {
      await store.close();
    }
  });
});

import type { RecordedEvent } from '../event-store/event-store.port';
import { BatchReader, pagesOf } from './batch-reader';
import type { EventSubscription } from '../event-store/event-store.port';

const event = (n: number) => ({ position: String(n).padStart(4, '0') }) as RecordedEvent;

/** Yields pages of events, pausing (like a database read) between pages. */
async function* paged(pages: number[][], pauseMs = 5): AsyncGenerator<RecordedEvent[]> {
  for (const page of pages) {
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    yield page.map(event);
  }
}

/** The same events one by one, as an adapter without pages hands them out. */
async function* oneByOne(pages: number[][], pauseMs = 5): AsyncGenerator<RecordedEvent> {
  for await (const page of paged(pages, pauseMs)) for (const item of page) yield item;
}

const positions = (events: RecordedEvent[]) => events.map((e) => Number(e.position));

describe('BatchReader', () => {
  it('takes what is buffered without waiting for a full batch', async () => {
    const reader = new BatchReader(
      paged([
        [1, 2, 3],
        [4, 5],
      ]),
    );
    expect(await reader.next(10)).toEqual({ events: [1, 2, 3].map(event), drained: true, done: false });
    const second = await reader.next(10);
    expect(positions(second.events)).toEqual([4, 5]);
    expect(second.drained).toBe(true);
    expect(await reader.next(10)).toEqual({ events: [], drained: true, done: true });
  });

  it('splits a page into full batches and reports a batch that ends exactly at the end as drained', async () => {
    const reader = new BatchReader(paged([[1, 2, 3, 4], [5]]));
    const first = await reader.next(2);
    expect([positions(first.events), first.drained]).toEqual([[1, 2], false]);
    const second = await reader.next(2);
    expect([positions(second.events), second.drained]).toEqual([[3, 4], true]);
    const third = await reader.next(2);
    expect(positions(third.events)).toEqual([5]);
  });

  it('never loses or repeats an event across batches', async () => {
    const pages = Array.from({ length: 20 }, (_, page) => Array.from({ length: 1 + ((page * 7) % 13) }, (_, i) => page * 100 + i));
    const reader = new BatchReader(paged(pages, 1));
    const seen: number[] = [];
    for (;;) {
      const batch = await reader.next(5);
      seen.push(...positions(batch.events));
      if (batch.done) break;
    }
    expect(seen).toEqual(pages.flat());
  });

  it('reads an adapter without pages one event at a time, and still batches what is buffered', async () => {
    const pages = [[1, 2, 3], [4, 5, 6, 7], [8]];
    const subscription = { [Symbol.asyncIterator]: () => oneByOne(pages, 1), close: async () => undefined } as unknown as EventSubscription;
    const reader = new BatchReader(pagesOf(subscription));
    const seen: number[][] = [];
    for (;;) {
      const batch = await reader.next(3);
      if (batch.events.length) seen.push(positions(batch.events));
      if (batch.done) break;
    }
    expect(seen.flat()).toEqual(pages.flat());
    expect(seen[0]).toEqual([1, 2, 3]);
  });
});

import { enqueueCompletion, flushOutbox, outcomeOf, readOutbox, removeCompletion, type PendingCompletion, type SendOutcome } from './completion-outbox';

function pending(key: string, workoutId = 'w-1', memberId = 'ana'): PendingCompletion {
  return { idempotencyKey: key, memberId, body: { workoutId, planId: null, enrollmentId: null, durationSec: 600 }, queuedAt: '2026-11-22T06:00:00.000Z' };
}

describe('completion outbox', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('keeps one entry per idempotency key', () => {
    enqueueCompletion(localStorage, pending('a'));
    enqueueCompletion(localStorage, pending('b'));
    enqueueCompletion(localStorage, pending('a', 'w-2'));
    expect(readOutbox(localStorage).map((item) => [item.idempotencyKey, item.body.workoutId])).toEqual([
      ['b', 'w-1'],
      ['a', 'w-2'],
    ]);
    removeCompletion(localStorage, 'b');
    removeCompletion(localStorage, 'a');
    expect(localStorage.getItem('pulso.completion-outbox')).toBeNull();
  });

  it('ignores a corrupt or foreign value', () => {
    localStorage.setItem('pulso.completion-outbox', '{nope');
    expect(readOutbox(localStorage)).toEqual([]);
    localStorage.setItem('pulso.completion-outbox', JSON.stringify([{ idempotencyKey: 1 }, pending('ok')]));
    expect(readOutbox(localStorage).map((item) => item.idempotencyKey)).toEqual(['ok']);
  });

  it('reads the server answer: retry what may succeed later, drop what never will', () => {
    expect(outcomeOf(201)).toBe('sent');
    expect(outcomeOf(409)).toBe('sent');
    expect(outcomeOf('FETCH_ERROR')).toBe('retry');
    expect(outcomeOf(undefined)).toBe('retry');
    expect(outcomeOf(503)).toBe('retry');
    expect(outcomeOf(401)).toBe('retry');
    expect(outcomeOf(429)).toBe('retry');
    expect(outcomeOf(400)).toBe('drop');
    expect(outcomeOf(404)).toBe('drop');
  });

  it('a flush sends each entry with its own key, keeps the ones to retry and removes the rest', async () => {
    enqueueCompletion(localStorage, pending('sent'));
    enqueueCompletion(localStorage, pending('offline'));
    enqueueCompletion(localStorage, pending('invalid'));
    const outcomes: Record<string, SendOutcome> = { sent: 'sent', offline: 'retry', invalid: 'drop' };
    const seen: string[] = [];
    const result = await flushOutbox(localStorage, 'ana', async (item) => {
      seen.push(item.idempotencyKey);
      return outcomes[item.idempotencyKey];
    });
    expect(seen).toEqual(['sent', 'offline', 'invalid']);
    expect(result).toEqual({ sent: 1, kept: 1, dropped: 1 });
    expect(readOutbox(localStorage).map((item) => item.idempotencyKey)).toEqual(['offline']);
  });

  it('two flushes at once never send the same completion twice', async () => {
    enqueueCompletion(localStorage, pending('once'));
    let sends = 0;
    const send = async () => {
      sends += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 'sent' as const;
    };
    await Promise.all([flushOutbox(localStorage, 'ana', send), flushOutbox(localStorage, 'ana', send)]);
    expect(sends).toBe(1);
  });

  it("sends only the signed-in member's own completions: another member's stay queued for their next session", async () => {
    enqueueCompletion(localStorage, pending('ana-1', 'w-1', 'ana'));
    enqueueCompletion(localStorage, pending('beto-1', 'w-1', 'beto'));
    const legacy: PendingCompletion = { ...pending('legacy') };
    delete legacy.memberId;
    enqueueCompletion(localStorage, legacy);
    const seen: string[] = [];
    const send = async (item: PendingCompletion) => {
      seen.push(item.idempotencyKey);
      return 'sent' as const;
    };
    expect(await flushOutbox(localStorage, 'beto', send)).toEqual({ sent: 2, kept: 0, dropped: 0 });
    expect(seen).toEqual(['beto-1', 'legacy']);
    expect(readOutbox(localStorage).map((item) => item.idempotencyKey)).toEqual(['ana-1']);
    await flushOutbox(localStorage, 'ana', send);
    expect(seen).toEqual(['beto-1', 'legacy', 'ana-1']);
    expect(readOutbox(localStorage)).toEqual([]);
  });
});

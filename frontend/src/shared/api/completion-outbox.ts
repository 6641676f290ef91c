import type { CompleteWorkoutDto } from './generated-api';

/**
 * Completions the server has not confirmed yet (ADR 0053). Each keeps the idempotency
 * key it was first sent with, so a retry after a lost answer is recorded once.
 */
export interface PendingCompletion {
  idempotencyKey: string;
  /**
   * The member who trained it: a completion queued on a shared device is sent only in that
   * member's own session, never credited to whoever signs in next. Absent on entries queued
   * before the owner was recorded; those go with the next session, as they always did.
   */
  memberId?: string;
  body: CompleteWorkoutDto;
  queuedAt: string;
}

export const OUTBOX_STORAGE_KEY = 'pulso.completion-outbox';

/** What the server's answer means for a queued completion. */
export type SendOutcome = 'sent' | 'retry' | 'drop';

export function readOutbox(storage: Storage): PendingCompletion[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(OUTBOX_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is PendingCompletion =>
        typeof item === 'object' && item !== null && typeof item.idempotencyKey === 'string' && typeof item.body?.workoutId === 'string',
    );
  } catch {
    return [];
  }
}

function write(storage: Storage, items: PendingCompletion[]): void {
  try {
    if (items.length === 0) storage.removeItem(OUTBOX_STORAGE_KEY);
    else storage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify(items));
  } catch (error) {
    console.warn('No se pudo guardar el entrenamiento pendiente', error);
  }
}

export function enqueueCompletion(storage: Storage, item: PendingCompletion): void {
  write(storage, [...readOutbox(storage).filter((queued) => queued.idempotencyKey !== item.idempotencyKey), item]);
}

export function removeCompletion(storage: Storage, idempotencyKey: string): void {
  write(
    storage,
    readOutbox(storage).filter((queued) => queued.idempotencyKey !== idempotencyKey),
  );
}

/**
 * Network errors, server errors, time-outs, rate limits and a lapsed session are worth
 * another try; 409 means the server already has it; any other 4xx will never succeed.
 */
export function outcomeOf(status: number | string | undefined): SendOutcome {
  if (typeof status !== 'number') return 'retry';
  if (status >= 200 && status < 300) return 'sent';
  if (status === 409) return 'sent';
  if (status === 401 || status === 403 || status === 408 || status === 425 || status === 429 || status >= 500) return 'retry';
  return 'drop';
}

let flushing: Promise<unknown> | null = null;

/** Whether the signed-in member may send this queued completion (their own, or one queued before owners were recorded). */
export function belongsTo(item: PendingCompletion, memberId: string): boolean {
  return item.memberId === undefined || item.memberId === memberId;
}

/** Sends every completion the member queued once, oldest first; only one flush runs at a time. */
export function flushOutbox(
  storage: Storage,
  memberId: string,
  send: (item: PendingCompletion) => Promise<SendOutcome>,
): Promise<{ sent: number; kept: number; dropped: number }> {
  const run = async () => {
    const result = { sent: 0, kept: 0, dropped: 0 };
    for (const item of readOutbox(storage)) {
      if (!belongsTo(item, memberId)) continue;
      const outcome = await send(item);
      if (outcome === 'retry') {
        result.kept += 1;
        continue;
      }
      if (outcome === 'drop') console.warn('El servidor rechazó un entrenamiento pendiente; se descarta', item);
      removeCompletion(storage, item.idempotencyKey);
      result[outcome === 'sent' ? 'sent' : 'dropped'] += 1;
    }
    return result;
  };
  const next = (flushing ?? Promise.resolve()).then(run);
  const tracked: Promise<unknown> = next
    .catch(() => undefined)
    .finally(() => {
      if (flushing === tracked) flushing = null;
    });
  flushing = tracked;
  return next;
}

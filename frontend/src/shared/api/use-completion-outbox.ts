import { useCallback, useEffect } from 'react';
import { flushOutbox, outcomeOf, type PendingCompletion, type SendOutcome } from './completion-outbox';
import { useIdentity } from '../identity/identity';
import { useCompleteWorkoutMutation } from './api';
import type { HeartRateSummaryDto } from './generated-api';

export interface SendAnswer {
  outcome: SendOutcome;
  /** The session's heart-rate summary when the server recorded one; null otherwise. */
  heartRate: HeartRateSummaryDto | null;
  /** The saved completion's id (its readings are downloadable by it); null unless sent. */
  completionId: string | null;
}

/** Sends one completion and says what its answer means for the outbox, with the summary it carried. */
export function useCompletionSender(): (item: PendingCompletion) => Promise<SendAnswer> {
  const [complete] = useCompleteWorkoutMutation();
  return useCallback(
    async (item: PendingCompletion) => {
      // The key the completion was first sent with, on every retry, so the server records it once.
      const result = await complete({ 'idempotency-key': item.idempotencyKey, completeWorkoutDto: item.body });
      if (!('error' in result) || !result.error)
        return { outcome: 'sent', heartRate: result.data?.heartRate ?? null, completionId: result.data?.progress?._id ?? null };
      const error = result.error as { status?: number | string; originalStatus?: number };
      return { outcome: outcomeOf(typeof error.originalStatus === 'number' ? error.originalStatus : error.status), heartRate: null, completionId: null };
    },
    [complete],
  );
}

/**
 * Retries unsaved completions when mounted and whenever the browser comes back
 * online. Mount it where the member is signed in (ADR 0053).
 */
export function useCompletionOutboxSync(storage: Storage = localStorage): void {
  const send = useCompletionSender();
  const memberId = useIdentity().user?.userId;
  useEffect(() => {
    if (!memberId) return;
    const flush = () => {
      // A completion saved in the background has no modal to show its summary in.
      flushOutbox(storage, memberId, async (item) => (await send(item)).outcome).catch((error: unknown) =>
        console.warn('No se pudieron reenviar los entrenamientos pendientes', error),
      );
    };
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [storage, send, memberId]);
}

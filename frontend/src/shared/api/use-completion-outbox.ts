import { useCallback, useEffect } from 'react';
import { flushOutbox, outcomeOf, type PendingCompletion, type SendOutcome } from './completion-outbox';
import { useCompleteWorkoutMutation } from './api';

/** Sends one completion and says what its answer means for the outbox. */
export function useCompletionSender(): (item: PendingCompletion) => Promise<SendOutcome> {
  const [complete] = useCompleteWorkoutMutation();
  return useCallback(
    async (item: PendingCompletion) => {
      // The key the completion was first sent with, on every retry, so the server records it once.
      const result = await complete({ 'idempotency-key': item.idempotencyKey, completeWorkoutDto: item.body });
      if (!('error' in result) || !result.error) return 'sent';
      const error = result.error as { status?: number | string; originalStatus?: number };
      return outcomeOf(typeof error.originalStatus === 'number' ? error.originalStatus : error.status);
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
  useEffect(() => {
    const flush = () => {
      flushOutbox(storage, send).catch((error: unknown) => console.warn('No se pudieron reenviar los entrenamientos pendientes', error));
    };
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [storage, send]);
}

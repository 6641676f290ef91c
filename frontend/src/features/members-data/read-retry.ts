import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/**
 * Spec section 9: platform reads retry 3 times with a backoff that never waits more
 * than 30 s. Only failures a retry can cure are retried (network, time-out, 408, 429,
 * 5xx); a 4xx answer will not change by asking again. Mutations never come here.
 */
export const MAX_READ_RETRIES = 3;
export const MAX_BACKOFF_MS = 30_000;
const BASE_BACKOFF_MS = 1_000;

export function isRetriableReadError(error: FetchBaseQueryError): boolean {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  if (typeof error.status !== 'number') return false;
  return error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Exponential with full jitter: attempt 0 waits up to 1 s, then 2 s, 4 s … capped at 30 s. */
export function readBackoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

type ReadResult<T> = { data: T; error?: undefined } | { error: FetchBaseQueryError; data?: undefined };

export async function withReadRetries<T>(
  read: () => PromiseLike<ReadResult<T>> | ReadResult<T>,
  signal: AbortSignal,
  delay: (attempt: number) => number = readBackoffMs,
): Promise<ReadResult<T>> {
  for (let attempt = 0; ; attempt += 1) {
    const result = await read();
    if (!result.error || attempt >= MAX_READ_RETRIES || !isRetriableReadError(result.error) || signal.aborted) {
      return result;
    }
    await wait(delay(attempt), signal);
  }
}

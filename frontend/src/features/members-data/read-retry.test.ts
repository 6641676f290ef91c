import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { MAX_BACKOFF_MS, isRetriableReadError, readBackoffMs, withReadRetries } from './read-retry';

describe('read retries', () => {
  it('retries only failures a retry can cure', () => {
    expect(isRetriableReadError({ status: 'FETCH_ERROR', error: 'x' })).toBe(true);
    expect(isRetriableReadError({ status: 503, data: {} })).toBe(true);
    expect(isRetriableReadError({ status: 429, data: {} })).toBe(true);
    expect(isRetriableReadError({ status: 404, data: {} })).toBe(false);
    expect(isRetriableReadError({ status: 400, data: {} })).toBe(false);
    expect(isRetriableReadError({ status: 'PARSING_ERROR', originalStatus: 200, data: '', error: '' })).toBe(false);
  });

  it('backs off exponentially and never beyond 30 s', () => {
    expect(readBackoffMs(0, () => 1)).toBe(1000);
    expect(readBackoffMs(2, () => 1)).toBe(4000);
    expect(readBackoffMs(2, () => 0)).toBe(2000);
    expect(readBackoffMs(10, () => 1)).toBe(MAX_BACKOFF_MS);
  });

  it('gives up after three retries', async () => {
    const failure: FetchBaseQueryError = { status: 500, data: {} };
    const read = vi.fn(() => ({ error: failure }));
    const result = await withReadRetries(read, new AbortController().signal, () => 0);
    expect(read).toHaveBeenCalledTimes(4);
    expect(result.error).toBe(failure);
  });

  it('returns the first success', async () => {
    const read = vi
      .fn<() => { data: string } | { error: FetchBaseQueryError }>()
      .mockReturnValueOnce({ error: { status: 'FETCH_ERROR', error: 'offline' } })
      .mockReturnValueOnce({ data: 'ok' });
    const result = await withReadRetries(read, new AbortController().signal, () => 0);
    expect(result).toEqual({ data: 'ok' });
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('does not retry a 404', async () => {
    const read = vi.fn(() => ({ error: { status: 404, data: {} } as FetchBaseQueryError }));
    await withReadRetries(read, new AbortController().signal, () => 0);
    expect(read).toHaveBeenCalledTimes(1);
  });
});

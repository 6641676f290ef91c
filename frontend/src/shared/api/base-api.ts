import { createApi, fetchBaseQuery, retry, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { currentToken, sessionExpired } from './auth-token';
import { OFFLINE_COPY_HEADER, reportAnswer } from './connectivity-probe';

const rawBaseQuery = (forceRefresh: boolean) =>
  fetchBaseQuery({
    baseUrl: '/',
    prepareHeaders: async (headers) => {
      const token = await currentToken({ forceRefresh });
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  });

/** A 401 gets one silent token refresh and a retry; a second 401 ends the session. */
const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  let result = await rawBaseQuery(false)(args, api, extra);
  if (result.error?.status === 401) {
    result = await rawBaseQuery(true)(args, api, extra);
    if (result.error?.status === 401) sessionExpired();
  }
  return result;
};

/** Spec section 9: platform reads retry 3 times, with a backoff that never waits more than 30 s. */
export const MAX_READ_RETRIES = 3;
const MAX_BACKOFF_MS = 30_000;

/** Only failures a retry can cure: network, time-out, 408, 429, 5xx. A 4xx will not change by asking again. */
export function isRetriableReadError(error: FetchBaseQueryError): boolean {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  if (typeof error.status !== 'number') return false;
  return error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Exponential with jitter: the first retry waits 0.5–1 s, then up to 2 s, 4 s … never beyond 30 s. */
export function readBackoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

const retryingReads = retry(baseQueryWithReauth, {
  retryCondition: (error, _args, { attempt }) => attempt <= MAX_READ_RETRIES && isRetriableReadError(error as FetchBaseQueryError),
  backoff: (attempt, _maxRetries, signal) =>
    new Promise<void>((resolve, reject) => {
      const abort = () => {
        clearTimeout(timer);
        reject(new Error('Aborted'));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', abort);
        resolve();
      }, readBackoffMs(attempt));
      signal?.addEventListener('abort', abort, { once: true });
    }),
});

/** Set per endpoint in api.ts: the answer a read gives instead of this error (spec section 7), if any. */
export interface ReadOptions {
  failureAnswer?: (error: FetchBaseQueryError) => unknown;
}

/** Whether the answer came from the server, the worker's offline copy or nowhere (connectivity-probe.ts). */
function heard<R extends { error?: FetchBaseQueryError; meta?: { response?: Response } }>(result: R): R {
  const response = result.meta?.response;
  if (response) reportAnswer(response.headers.get(OFFLINE_COPY_HEADER) === '1');
  else if (result.error?.status === 'FETCH_ERROR') reportAnswer(true);
  return result;
}

/**
 * Reads go through `retry()`, then their spec fallback; a mutation is sent once, never
 * again behind the member's back.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ReadOptions> = async (args, api, options) => {
  if (api.type === 'mutation') return heard(await baseQueryWithReauth(args, api, {}));
  const result = heard(await retryingReads(args, api, {}));
  const substitute = result.error ? options?.failureAnswer?.(result.error) : undefined;
  return substitute === undefined ? result : { data: substitute };
};

/** The one API slice on /api; endpoints come from docs/openapi.json (generated-api.ts), refined in api.ts. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  refetchOnFocus: false,
  // Back online, what failed or went stale while offline is asked again (issue 37: no blank screens).
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { currentToken, sessionExpired } from './auth-token';

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

/** The one API slice on /api; endpoints come from docs/openapi.json (generated-api.ts), refined in api.ts. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  refetchOnFocus: false,
  endpoints: () => ({}),
});

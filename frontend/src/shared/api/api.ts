import { generatedApi } from './generated-api';

/**
 * The generated endpoints, refined: cache lifetimes from spec section 9 "Data
 * freshness" and the tags each mutation invalidates. Components import hooks from here.
 */
export const api = generatedApi.enhanceEndpoints({
  endpoints: {
    getRuntimeConfig: { keepUnusedDataFor: 3600 },
  },
});

export const { useGetRuntimeConfigQuery } = api;

import { useGetRuntimeConfigQuery } from '../api/api';
import type { RuntimeConfigDto } from '../api/generated-api';

export type RuntimeConfig = RuntimeConfigDto;

/** Deploy-specific settings from GET /api/config (contact data, payment links, identity provider). */
export function useRuntimeConfig(): { config: RuntimeConfig | undefined; isLoading: boolean; isError: boolean } {
  const { data, isLoading, isError } = useGetRuntimeConfigQuery();
  return { config: data, isLoading, isError };
}

import { useEffect, useSyncExternalStore } from 'react';
import type { RuntimeConfigDto } from '../api/generated-api';

export type RuntimeConfig = RuntimeConfigDto;

interface RuntimeConfigState {
  config: RuntimeConfig | undefined;
  isLoading: boolean;
  isError: boolean;
}

/** Spec section 9 "Data freshness": the runtime config is kept for an hour. */
const MAX_AGE_MS = 3_600_000;

let state: RuntimeConfigState = { config: undefined, isLoading: true, isError: false };
let loadedAt = 0;
let inFlight: Promise<void> | undefined;
const listeners = new Set<() => void>();

function publish(next: RuntimeConfigState): void {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Fetches GET /api/config unless a fresh copy is at hand. A plain fetch rather than
 * the API slice, so the public pages render without Redux (ADR 0034); index.html
 * preloads the same URL, so the answer is usually on its way before React starts.
 */
export function loadRuntimeConfig(): Promise<void> {
  if (state.config && Date.now() - loadedAt < MAX_AGE_MS) return Promise.resolve();
  inFlight ??= (async () => {
    if (!state.config) publish({ ...state, isLoading: true, isError: false });
    try {
      // Same request as the <link rel="preload"> in index.html (no extra headers), so the browser reuses it.
      const response = await fetch('/api/config');
      if (!response.ok) throw new Error(`GET /api/config ${response.status}`);
      loadedAt = Date.now();
      publish({ config: (await response.json()) as RuntimeConfig, isLoading: false, isError: false });
    } catch {
      // A stale copy is better than none; without one the callers show their error state.
      publish({ config: state.config, isLoading: false, isError: !state.config });
    } finally {
      inFlight = undefined;
    }
  })();
  return inFlight;
}

/** Puts a known config in place (tests, or a page that received it another way). */
export function setRuntimeConfig(config: RuntimeConfig | undefined): void {
  loadedAt = config ? Date.now() : 0;
  inFlight = undefined;
  publish({ config, isLoading: false, isError: false });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = (): RuntimeConfigState => state;

/**
 * What the prerendered pages were rendered with (no config: it is the deployment's, not the
 * build's). Hydration reads this; the loaded config renders right after (ADR 0038).
 */
const serverState: RuntimeConfigState = { config: undefined, isLoading: true, isError: false };
const getServerSnapshot = (): RuntimeConfigState => serverState;

/** Deploy-specific settings from GET /api/config (contact data, payment links, identity provider). */
export function useRuntimeConfig(): RuntimeConfigState {
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  useEffect(() => {
    void loadRuntimeConfig();
  }, []);
  return snapshot;
}

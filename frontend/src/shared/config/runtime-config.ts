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

/**
 * What the prerendered pages were rendered with (no config: it is the deployment's, not the
 * build's), and the store's state until the config arrives: the same object, so hydrating with it
 * leaves React nothing to re-render until the config is there (ADR 0038).
 */
const notLoaded: RuntimeConfigState = { config: undefined, isLoading: true, isError: false };

let state: RuntimeConfigState = notLoaded;
let loadedAt = 0;
let inFlight: Promise<void> | undefined;
/** Until it settles, a config that has arrived waits before it is published (`holdRuntimeConfigUntil`). */
let held: Promise<void> | undefined;
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
    if (!state.config && state !== notLoaded) publish(notLoaded);
    try {
      // Same request as the <link rel="preload"> in index.html (no extra headers), so the browser reuses it.
      const response = await fetch('/api/config');
      if (!response.ok) throw new Error(`GET /api/config ${response.status}`);
      const config = (await response.json()) as RuntimeConfig;
      if (held) await held.catch(() => undefined);
      loadedAt = Date.now();
      publish({ config, isLoading: false, isError: false });
    } catch {
      // A stale copy is better than none; without one the callers show their error state.
      publish({ config: state.config, isLoading: false, isError: !state.config });
    } finally {
      inFlight = undefined;
    }
  })();
  return inFlight;
}

/**
 * Publishes the config only once `release` settles. A prerendered page hydrates its content in a
 * pass of its own after the layout's (React leaves a Suspense boundary's server markup for later);
 * the config's arrival changes the identity context above it, and a context change reaching markup
 * not yet hydrated makes React hydrate all of it at once, in one long task. Held until the
 * hydration is done, the arrival re-renders only what reads the config (main.tsx).
 */
export function holdRuntimeConfigUntil(release: Promise<void>): void {
  const hold: Promise<void> = release.finally(() => {
    if (held === hold) held = undefined;
  });
  held = hold;
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

/** Hydration reads the state the pages were prerendered with; the loaded config renders after (ADR 0038). */
const getServerSnapshot = (): RuntimeConfigState => notLoaded;

/** Deploy-specific settings from GET /api/config (contact data, payment links, identity provider). */
export function useRuntimeConfig(): RuntimeConfigState {
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  useEffect(() => {
    void loadRuntimeConfig();
  }, []);
  return snapshot;
}

import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from './store';

/** One store for the whole visit, created the first time a page that talks to the API opens. */
const store = makeStore();

/**
 * Loaded lazily by the router around the pages that use the API slice, so Redux
 * Toolkit, RTK Query and the generated endpoints stay out of the public pages' code
 * (ADR 0034).
 */
export default function StoreProvider({ children }: { children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}

export { store };

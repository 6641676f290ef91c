import { useSyncExternalStore } from 'react';
import { isOnline, subscribeConnectivity } from '../lib/connectivity';

/** Whether the app reaches the server (shared/lib/connectivity.ts); prerendered markup assumes it does. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}

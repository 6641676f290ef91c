import { MEMBER_API_CACHE } from './cache-names';

/**
 * Deletes the answers kept for offline use that carry a member's data, so the next person on this
 * device never sees them (ADR 0305). Safe to call with no worker or nothing cached.
 */
export async function clearMemberCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(MEMBER_API_CACHE).catch(() => undefined);
}

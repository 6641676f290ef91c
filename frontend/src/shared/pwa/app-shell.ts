import { keepMemberForOffline, OFFLINE_MEMBER_KEY, type LocalSessionUser } from '../identity/local-identity-client';
import { captureInstallPrompt } from './install-event';
import { clearMemberCaches } from './offline-caches';

/** The member as the offline note keeps them: who they are, nothing the server would not show them. */
function readMember(): LocalSessionUser | null {
  try {
    const user = JSON.parse(localStorage.getItem(OFFLINE_MEMBER_KEY) ?? 'null') as LocalSessionUser | null;
    return user && typeof user.userId === 'string' && user.role === 'member' ? { ...user, secondFactor: false } : null;
  } catch {
    return null;
  }
}

function writeMember({ userId, email, firstName, lastName }: LocalSessionUser): void {
  // A session that began with no member kept (the last one ended, or never was) or with another one:
  // no copy of anyone else's answers may be shown to this member offline.
  if (readMember()?.userId !== userId) void clearMemberCaches();
  try {
    localStorage.setItem(OFFLINE_MEMBER_KEY, JSON.stringify({ userId, email, firstName, lastName, role: 'member' }));
  } catch {
    // Private mode or full storage: the app then needs a connection to open.
  }
}

/**
 * What the members' app shell (every page that is not a prerendered public one) needs before it
 * renders: the browser's install offer, which can come at once, and the signed-in member kept for
 * opening offline (ADR 0306). Its own chunk, so the public pages never download it (main.tsx).
 */
export function startAppShell(): void {
  captureInstallPrompt();
  keepMemberForOffline({ read: readMember, write: writeMember });
}

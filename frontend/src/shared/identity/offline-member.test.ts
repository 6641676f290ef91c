import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startAppShell } from '../pwa/app-shell';
import { LocalIdentityClient, OFFLINE_MEMBER_KEY } from './local-identity-client';

const member = { userId: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Martínez', role: 'member' as const };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The refresh endpoint: a session, no cookie, or no network at all. */
function refresh(answer: () => Response) {
  return vi.fn(async () => answer()) as unknown as typeof fetch;
}
const offline = () => {
  throw new TypeError('Failed to fetch');
};

describe('the member kept for opening the app offline (ADR 0306)', () => {
  beforeEach(() => {
    localStorage.clear();
    startAppShell();
  });

  it('keeps who the member is once signed in, and opens signed in without a connection', async () => {
    await new LocalIdentityClient(refresh(() => json({ accessToken: 't1', expiresIn: 600, user: member }))).start();
    expect(JSON.parse(localStorage.getItem(OFFLINE_MEMBER_KEY)!)).toEqual({
      userId: 'u1',
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Martínez',
      role: 'member',
    });

    // A reload at the gym: the refresh cannot reach the server.
    const atTheGym = new LocalIdentityClient(refresh(offline));
    await atTheGym.start();
    expect(atTheGym.getSnapshot()).toEqual({ status: 'ready', user: { ...member, secondFactor: false }, signedOutByUser: false });
    await expect(atTheGym.getToken()).resolves.toBeNull();
  });

  it('gets a real session back as soon as the server answers', async () => {
    localStorage.setItem(OFFLINE_MEMBER_KEY, JSON.stringify(member));
    let reachable = false;
    const client = new LocalIdentityClient(refresh(() => (reachable ? json({ accessToken: 't2', expiresIn: 600, user: member }) : offline())));
    await client.start();
    expect(client.getSnapshot().user?.userId).toBe('u1');
    reachable = true;
    await expect(client.getToken()).resolves.toBe('t2');
  });

  it('is forgotten when the server says the session is over, and never kept for staff', async () => {
    localStorage.setItem(OFFLINE_MEMBER_KEY, JSON.stringify(member));
    const expired = new LocalIdentityClient(refresh(() => json({ error: 'Tu sesión ha caducado.' }, 401)));
    await expired.start();
    expect(expired.getSnapshot().user).toBeNull();
    expect(localStorage.getItem(OFFLINE_MEMBER_KEY)).toBeNull();

    await new LocalIdentityClient(refresh(() => json({ accessToken: 't3', expiresIn: 600, user: { ...member, role: 'staff', secondFactor: true } }))).start();
    expect(localStorage.getItem(OFFLINE_MEMBER_KEY)).toBeNull();
    const staffOffline = new LocalIdentityClient(refresh(offline));
    await staffOffline.start();
    expect(staffOffline.getSnapshot().user).toBeNull();
  });

  it('deletes the kept answers when a session begins for anyone but the member kept', async () => {
    const deleted = vi.fn(async () => true);
    vi.stubGlobal('caches', { delete: deleted });
    try {
      const signIn = (user: typeof member) => new LocalIdentityClient(refresh(() => json({ accessToken: 't', expiresIn: 600, user }))).start();
      await signIn(member);
      expect(deleted).toHaveBeenCalledWith('pulso-member-api');
      deleted.mockClear();
      await signIn(member);
      expect(deleted).not.toHaveBeenCalled();
      await signIn({ ...member, userId: 'u2', email: 'beto@example.com', firstName: 'Beto' });
      expect(deleted).toHaveBeenCalledWith('pulso-member-api');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('is forgotten on sign-out', async () => {
    const client = new LocalIdentityClient(
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith('/refresh') ? json({ accessToken: 't1', expiresIn: 600, user: member }) : new Response(null, { status: 204 }),
      ) as unknown as typeof fetch,
    );
    await client.start();
    expect(localStorage.getItem(OFFLINE_MEMBER_KEY)).not.toBeNull();
    await client.signOut();
    expect(localStorage.getItem(OFFLINE_MEMBER_KEY)).toBeNull();
  });
});

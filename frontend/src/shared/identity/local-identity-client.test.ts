import { describe, expect, it, vi } from 'vitest';
import { IdentityFormError, LocalIdentityClient, storageSessionHint } from './local-identity-client';

const user = { userId: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Martínez', role: 'member' as const };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function backend(routes: Record<string, () => Response | Promise<Response>>) {
  const calls: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    const route = routes[url];
    return route ? route() : json({ error: 'Recurso no encontrado.' }, 404);
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

describe('LocalIdentityClient', () => {
  it('restores the session from the refresh cookie once, however many callers ask', async () => {
    let tokens = 0;
    const { fetchImpl, calls } = backend({ '/api/identity/refresh': () => json({ accessToken: `t${++tokens}`, expiresIn: 600, user }) });
    const client = new LocalIdentityClient(fetchImpl);
    const [a, b] = await Promise.all([client.getToken(), client.getToken()]);
    expect([a, b]).toEqual(['t1', 't1']);
    expect(calls).toEqual(['/api/identity/refresh']);
    expect(client.getSnapshot()).toEqual({ status: 'ready', user, signedOutByUser: false });
  });

  it.each([
    ['without a session cookie', () => new Response(null, { status: 204 })],
    ['with an expired or revoked one', () => json({ error: 'Tu sesión ha caducado.' }, 401)],
  ])('is ready and signed out %s', async (_name, answer) => {
    const { fetchImpl } = backend({ '/api/identity/refresh': answer });
    const client = new LocalIdentityClient(fetchImpl);
    await expect(client.getToken()).resolves.toBeNull();
    expect(client.getSnapshot()).toEqual({ status: 'ready', user: null, signedOutByUser: false });
  });

  it('keeps the session through a transient server failure', async () => {
    let fail = false;
    const { fetchImpl } = backend({
      '/api/identity/refresh': () => (fail ? json({ error: 'Error interno' }, 503) : json({ accessToken: 't1', expiresIn: 600, user })),
    });
    const client = new LocalIdentityClient(fetchImpl);
    await client.start();
    fail = true;
    await expect(client.getToken({ forceRefresh: true })).resolves.toBe('t1');
    expect(client.getSnapshot().user).toEqual(user);
  });

  it('renews a token about to expire, and on demand after a 401', async () => {
    let now = 0;
    let tokens = 0;
    const { fetchImpl, calls } = backend({ '/api/identity/refresh': () => json({ accessToken: `t${++tokens}`, expiresIn: 600, user }) });
    const client = new LocalIdentityClient(fetchImpl, () => now);
    expect(await client.getToken()).toBe('t1');
    now = 500_000;
    expect(await client.getToken()).toBe('t1');
    now = 580_000;
    expect(await client.getToken()).toBe('t2');
    expect(await client.getToken({ forceRefresh: true })).toBe('t3');
    expect(calls).toHaveLength(3);
  });

  it('signs in, or asks for the code while the email is unverified', async () => {
    const { fetchImpl } = backend({
      '/api/identity/refresh': () => json({}, 401),
      '/api/identity/sign-in': () => json({ status: 'complete', session: { accessToken: 'fresh', expiresIn: 600, user } }),
    });
    const client = new LocalIdentityClient(fetchImpl);
    await client.start();
    await expect(client.signIn('ana@example.com', 'Entrena-Fuerte-24')).resolves.toEqual({ status: 'complete' });
    expect(client.getSnapshot().user).toEqual(user);
    expect(await client.getToken()).toBe('fresh');

    const pending = new LocalIdentityClient(
      backend({ '/api/identity/sign-in': () => json({ status: 'needs_verification', email: 'luis@example.com' }) }).fetchImpl,
    );
    await expect(pending.signIn('luis@example.com', 'x')).resolves.toEqual({ status: 'needs_verification', email: 'luis@example.com' });
  });

  it('turns a refusal into an IdentityFormError with the provider code and field', async () => {
    const { fetchImpl } = backend({
      '/api/identity/sign-in': () =>
        json({ error: 'La contraseña es incorrecta. Inténtalo de nuevo.', details: { reason: 'form_password_incorrect', field: 'password' } }, 400),
    });
    const error = await new LocalIdentityClient(fetchImpl).signIn('ana@example.com', 'mal').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityFormError);
    expect(error).toMatchObject({
      message: 'La contraseña es incorrecta. Inténtalo de nuevo.',
      reason: 'form_password_incorrect',
      field: 'password',
      status: 400,
    });
  });

  it('tells a member sign-out from an expired session', async () => {
    const { fetchImpl, calls } = backend({
      '/api/identity/refresh': () => json({ accessToken: 't', expiresIn: 600, user }),
      '/api/identity/sign-out': () => new Response(null, { status: 204 }),
    });
    const client = new LocalIdentityClient(fetchImpl);
    await client.start();
    await client.signOut();
    expect(client.getSnapshot()).toEqual({ status: 'ready', user: null, signedOutByUser: true });
    expect(calls).toContain('/api/identity/sign-out');

    const other = new LocalIdentityClient(fetchImpl);
    await other.start();
    await other.signOut({ expired: true });
    expect(other.getSnapshot().signedOutByUser).toBe(false);
  });

  it('skips the refresh call for a browser that never held a session, and remembers one once signed in', async () => {
    localStorage.clear();
    const { fetchImpl, calls } = backend({
      '/api/identity/sign-in': () => json({ status: 'complete', session: { accessToken: 't1', expiresIn: 600, user } }),
      '/api/identity/refresh': () => json({ accessToken: 't2', expiresIn: 600, user }),
      '/api/identity/sign-out': () => new Response(null, { status: 204 }),
    });
    const visitor = new LocalIdentityClient(fetchImpl, Date.now, storageSessionHint());
    expect(visitor.getSnapshot()).toEqual({ status: 'ready', user: null, signedOutByUser: false });
    await expect(visitor.getToken()).resolves.toBeNull();
    expect(calls).toEqual([]);

    await visitor.signIn('ana@example.com', 'secreta');
    expect(localStorage.getItem('pulso-session-hint')).toBe('1');

    // The next page load restores the session from the cookie.
    const returning = new LocalIdentityClient(fetchImpl, Date.now, storageSessionHint());
    expect(returning.getSnapshot().status).toBe('loading');
    await expect(returning.getToken()).resolves.toBe('t2');

    await returning.signOut();
    expect(localStorage.getItem('pulso-session-hint')).toBeNull();
    expect(new LocalIdentityClient(fetchImpl, Date.now, storageSessionHint()).getSnapshot().status).toBe('ready');
  });

  it('asks staff for the second factor after the password, and opens the session only with the code', async () => {
    const staff = { ...user, role: 'staff' as const, secondFactor: true };
    const bodies: unknown[] = [];
    const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/identity/refresh') return new Response(null, { status: 204 });
      bodies.push(JSON.parse(String(init?.body ?? '{}')));
      if (url === '/api/identity/sign-in') return json({ status: 'needs_second_factor', email: 'ana@example.com', challenge: 'ch-1' });
      if (url === '/api/identity/second-factor') {
        return (bodies.at(-1) as { code: string }).code === '492039'
          ? json({ accessToken: 'staff-token', expiresIn: 600, user: staff })
          : json({ error: 'El código es incorrecto.', details: { reason: 'form_code_incorrect', field: 'code' } }, 400);
      }
      return json({}, 404);
    }) as unknown as typeof fetch;
    const client = new LocalIdentityClient(fetchImpl);
    await client.start();

    await expect(client.signIn('ana@example.com', 'Consola-Segura-24')).resolves.toEqual({
      status: 'needs_second_factor',
      email: 'ana@example.com',
      challenge: 'ch-1',
    });
    expect(client.getSnapshot().user).toBeNull();

    const refused = client.attemptSecondFactor('ch-1', '000000');
    await expect(refused).rejects.toBeInstanceOf(IdentityFormError);
    await expect(refused).rejects.toMatchObject({ reason: 'form_code_incorrect', field: 'code' });
    expect(client.getSnapshot().user).toBeNull();

    await client.attemptSecondFactor('ch-1', '492039');
    expect(bodies.at(-1)).toEqual({ challenge: 'ch-1', code: '492039' });
    expect(client.getSnapshot().user).toEqual(staff);
    await expect(client.getToken()).resolves.toBe('staff-token');
  });

  it('keeps the recovery codes on screen until the enrolled session is activated', async () => {
    const staff = { ...user, role: 'staff' as const, secondFactor: false };
    const headers: Array<string | null> = [];
    const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      headers.push(new Headers(init?.headers).get('Authorization'));
      if (url === '/api/identity/refresh') return json({ accessToken: 'plain-token', expiresIn: 600, user: staff });
      if (url === '/api/identity/second-factor/enrollment/confirm') {
        return json({ recoveryCodes: ['k7m2p-x9dqa'], session: { accessToken: 'otp-token', expiresIn: 600, user: { ...staff, secondFactor: true } } });
      }
      return json({}, 404);
    }) as unknown as typeof fetch;
    const client = new LocalIdentityClient(fetchImpl);
    await client.start();

    const { recoveryCodes, activate } = await client.confirmTotpEnrollment('492039');
    expect(recoveryCodes).toEqual(['k7m2p-x9dqa']);
    expect(headers.at(-1)).toBe('Bearer plain-token');
    expect(client.getSnapshot().user?.secondFactor).toBe(false);
    activate();
    expect(client.getSnapshot().user?.secondFactor).toBe(true);
    await expect(client.getToken()).resolves.toBe('otp-token');
  });
});

import { act, render, screen } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setRuntimeConfig } from '../shared/config/runtime-config';
import { preloadPage, routes } from './router';
import { stubRelativeRequests } from '../shared/testing/relative-requests';
import { TEST_RUNTIME_CONFIG } from '../shared/testing/test-runtime-config';

/** Pages are lazy chunks behind the identity check; on a busy machine the first import takes more than a second. */
const PAGE_LOAD = { timeout: 5000 };

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setRuntimeConfig(TEST_RUNTIME_CONFIG);
  render(<RouterProvider router={router} />);
  return router;
}

/**
 * The backend as the identity layer sees it: the runtime config is already known, the
 * browser either holds a member's session (the hint and the refresh cookie) or is a
 * first-time visitor, and every
 * other call stays pending so each page shows its own loading state. jsdom's
 * Request cannot take the relative URLs RTK Query builds, hence the base.
 */
function stubBackend({ signedIn }: { signedIn: boolean }) {
  if (signedIn) localStorage.setItem('pulso-session-hint', '1');
  else localStorage.removeItem('pulso-session-hint');
  stubRelativeRequests();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (url.pathname !== '/api/identity/refresh') return new Promise<Response>(() => undefined);
      const body = signedIn
        ? { accessToken: 'token', expiresIn: 600, user: { userId: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: 'M', role: 'member' } }
        : { statusCode: 401, error: 'Tu sesión ha caducado. Inicia sesión de nuevo.' };
      return new Response(JSON.stringify(body), { status: signedIn ? 200 : 401, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

describe('route table', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends unknown paths to the landing page', async () => {
    stubBackend({ signedIn: false });
    const router = renderAt('/no-existe/para-nada');
    expect(await screen.findByRole('heading', { level: 1 }, PAGE_LOAD)).toHaveTextContent(/tecnología/);
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['/memberships', 'Membresías'],
    ['/register', 'Regístrate para tu clase gratis'],
    ['/workout', 'Métodos de Entrenamiento'],
    ['/workout/abc123', 'Cargando entrenamiento...'],
    ['/workout/abc/plan/p1/enrollment/e1', 'Cargando entrenamiento...'],
    ['/training/progress', 'Mi Progreso'],
    ['/training/timer', 'Temporizador'],
  ])('mounts a page at %s', async (path, heading) => {
    stubBackend({ signedIn: true });
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading }, PAGE_LOAD)).toBeInTheDocument();
  });

  it('shows the next lazy page when moving between two of them, also once their chunks are loaded', async () => {
    stubBackend({ signedIn: false });
    const router = renderAt('/memberships');
    expect(await screen.findByRole('heading', { level: 1, name: 'Membresías' }, PAGE_LOAD)).toBeInTheDocument();
    for (const [path, heading] of [
      ['/reserva', 'Reserva'],
      ['/memberships', 'Membresías'],
      ['/reserva', 'Reserva'],
    ]) {
      await act(() => router.navigate(path));
      expect(await screen.findByRole('heading', { level: 1, name: heading }, PAGE_LOAD)).toBeInTheDocument();
    }
  });

  it('preloadPage loads the chunk of a public page so it renders without suspending', async () => {
    stubBackend({ signedIn: false });
    await preloadPage('/contactanos');
    const router = renderAt('/contactanos');
    expect(screen.getByRole('heading', { level: 1, name: 'Contáctanos' })).toBeInTheDocument();
    await act(() => router.navigate('/sistemas'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuestros Sistemas' }, PAGE_LOAD)).toBeInTheDocument();
  });
});

describe('identity guards', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends visitors from a protected page to /login', async () => {
    stubBackend({ signedIn: false });
    const router = renderAt('/training/plans');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu plataforma de entrenamiento' }, PAGE_LOAD)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/', '/login', '/sign-in/factor-one', '/platform-register', '/sign-up'])('sends a signed-in member from %s to /training', async (path) => {
    stubBackend({ signedIn: true });
    const router = renderAt(path);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/training'), PAGE_LOAD);
  });

  it('shows the sign-up page with the trial box and the 5 steps to visitors', async () => {
    stubBackend({ signedIn: false });
    renderAt('/platform-register');
    expect(await screen.findByRole('heading', { name: 'Prueba gratis de 7 días' }, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').filter((item) => item.closest('.auth-steps'))).toHaveLength(5);
    expect(await screen.findByRole('button', { name: 'Crear cuenta' })).toBeInTheDocument();
  });

  it.each([
    ['signed-in', '/training', true],
    ['signed-out', '/login', false],
  ])('/auth-redirect sends a %s visitor to %s', async (_name, target, signedIn) => {
    stubBackend({ signedIn });
    const router = renderAt('/auth-redirect');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(target), PAGE_LOAD);
  });
});

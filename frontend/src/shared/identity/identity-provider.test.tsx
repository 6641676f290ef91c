import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentToken } from '../api/auth-token';
import type { RuntimeConfigDto } from '../api/generated-api';
import { setRuntimeConfig } from '../config/runtime-config';
import { useIdentity } from './identity';
import { IdentityProvider } from './identity-provider';
import { IdentitySignIn } from './identity-widgets';

const FAKE_CLERK_KEY = 'pk_test_cHVsc28uY2xlcmsuYWNjb3VudHMuZGV2JA';

function Probe() {
  const identity = useIdentity();
  return (
    <p data-testid="identity">
      {identity.provider ?? 'none'}:{identity.status}:{identity.isSignedIn ? 'in' : 'out'}
    </p>
  );
}

async function renderWith(auth: RuntimeConfigDto['auth']) {
  setRuntimeConfig({ auth } as RuntimeConfigDto);
  render(
    <MemoryRouter>
      <IdentityProvider>
        <Probe />
        <IdentitySignIn path="/login" local={<p>formulario local</p>} />
      </IdentityProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('IdentityProvider', () => {
  it('runs the local adapter when /api/config says local, and queues token requests until it is ready', async () => {
    // A browser where a member signed in before: the session is restored from the refresh cookie.
    localStorage.setItem('pulso-session-hint', '1');
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    await renderWith({ provider: 'local' });
    expect(screen.getByTestId('identity')).toHaveTextContent('local:loading:out');

    const token = currentToken();
    await act(async () => {
      answer(
        new Response(
          JSON.stringify({ accessToken: 'jwt-1', expiresIn: 600, user: { userId: 'u1', email: 'a@b.sv', firstName: 'A', lastName: 'B', role: 'member' } }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
      );
    });
    await expect(token).resolves.toBe('jwt-1');
    expect(screen.getByTestId('identity')).toHaveTextContent('local:ready:in');
    expect(screen.getByText('formulario local')).toBeInTheDocument();
  });

  it('switches to Clerk by configuration and, when Clerk cannot load, shows an error with a retry after 15 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderWith({ provider: 'clerk', clerkPublishableKey: FAKE_CLERK_KEY });
    expect(await screen.findByText(/^clerk:loading/)).toBeInTheDocument();
    expect(screen.queryByText('formulario local')).not.toBeInTheDocument();
    // The Clerk adapter is a lazy chunk: let it arrive and mount before the clock runs.
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(14_000);
    });
    expect(screen.getByTestId('identity')).toHaveTextContent('clerk:loading:out');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.getByTestId('identity')).toHaveTextContent('clerk:error:out');
    expect(screen.getByRole('alert')).toHaveTextContent('No pudimos cargar el inicio de sesión');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('is ready and signed out at once for a visitor who never signed in on this browser', async () => {
    const fetchSpy = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetchSpy);
    await renderWith({ provider: 'local' });
    expect(screen.getByTestId('identity')).toHaveTextContent('local:ready:out');
    await expect(currentToken()).resolves.toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('hands out no token before the provider is known, so /api/config itself is never blocked', async () => {
    const fetchSpy = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetchSpy);
    setRuntimeConfig(undefined);
    render(
      <MemoryRouter>
        <IdentityProvider>
          <Probe />
        </IdentityProvider>
      </MemoryRouter>,
    );
    expect(fetchSpy).toHaveBeenCalledWith('/api/config');
    expect(screen.getByTestId('identity')).toHaveTextContent('none:loading:out');
    await expect(currentToken()).resolves.toBeNull();
  });
});

import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { baseApi } from '../api/base-api';
import { currentToken } from '../api/auth-token';
import type { RuntimeConfigDto } from '../api/generated-api';
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

function makeStore() {
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

async function renderWith(auth: RuntimeConfigDto['auth']) {
  const store = makeStore();
  await store.dispatch(api.util.upsertQueryData('getRuntimeConfig', undefined, { auth } as RuntimeConfigDto));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <IdentityProvider>
          <Probe />
          <IdentitySignIn path="/login" local={<p>formulario local</p>} />
        </IdentityProvider>
      </MemoryRouter>
    </Provider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('IdentityProvider', () => {
  it('runs the local adapter when /api/config says local, and queues token requests until it is ready', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
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

  it('hands out no token before the provider is known, so /api/config itself is never blocked', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    const store = makeStore();
    render(
      <Provider store={store}>
        <MemoryRouter>
          <IdentityProvider>
            <Probe />
          </IdentityProvider>
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByTestId('identity')).toHaveTextContent('none:loading:out');
    await expect(currentToken()).resolves.toBeNull();
  });
});

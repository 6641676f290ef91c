import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { registerTokenSource } from '../api/auth-token';
import { useRuntimeConfig } from '../config/runtime-config';
import { IdentityContext, loadingIdentity, useIdentity, type Identity } from './identity';
import { LocalIdentityProvider } from './local-identity-provider';

const ClerkIdentityProvider = lazy(() => import('./clerk-identity-provider'));

const configFailed: Identity = { ...loadingIdentity, status: 'error', retry: () => window.location.reload() };
const clerkLoading: Identity = { ...loadingIdentity, provider: 'clerk' };

/**
 * Picks the identity adapter from GET /api/config, so one build serves both the
 * embedded default and a Clerk deployment. Mounted inside the router because
 * Clerk navigates with it.
 */
export function IdentityProvider({ children }: { children: ReactNode }) {
  const { config, isError } = useRuntimeConfig();
  const auth = config?.auth;
  const content = (
    <>
      <TokenSourceBridge />
      {children}
    </>
  );
  if (auth?.provider === 'clerk') {
    // The backend refuses to boot without the key; never fall back to the local provider silently.
    if (!auth.clerkPublishableKey) return <IdentityContext.Provider value={configFailed}>{content}</IdentityContext.Provider>;
    return (
      <Suspense fallback={<IdentityContext.Provider value={clerkLoading}>{content}</IdentityContext.Provider>}>
        <ClerkIdentityProvider publishableKey={auth.clerkPublishableKey}>{content}</ClerkIdentityProvider>
      </Suspense>
    );
  }
  // Same element type with and without the config: the page is not remounted when it arrives (ADR 0038).
  return <LocalIdentityProvider pending={auth ? undefined : isError ? configFailed : loadingIdentity}>{content}</LocalIdentityProvider>;
}

/**
 * Gives the API slice its bearer token. Calls made before the provider is ready
 * wait and are replayed once it is (spec section 4); a final 401 signs out.
 */
function TokenSourceBridge() {
  const identity = useIdentity();
  const latest = useRef(identity);
  const [settled] = useState(() => {
    let open = () => undefined as void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    return { promise, open };
  });

  useEffect(() => {
    latest.current = identity;
    if (identity.status !== 'loading') settled.open();
  }, [identity, settled]);

  useEffect(() => {
    registerTokenSource({
      getToken: async (options) => {
        // Before /api/config has answered there is no provider yet, and that call itself needs no token.
        if (latest.current.provider === undefined) return null;
        await settled.promise;
        return latest.current.isSignedIn ? latest.current.getToken(options) : null;
      },
      onUnauthorized: () => {
        if (latest.current.isSignedIn) void latest.current.signOut({ expired: true });
      },
    });
  }, [settled]);

  return null;
}

import { useRef, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useIdentity } from '../../shared/identity/identity';
import { storageSessionHint } from '../../shared/identity/local-identity-client';
import { LoadingScreen } from '../../shared/ui/loading-screen';

/**
 * For /, /login*, /sign-in*, /platform-register* and /sign-up*: a member who arrives
 * already signed in goes to /training. Someone who signs in on the page itself is
 * left to the form (or Clerk's widget), which knows whether to go to /training
 * or /onboarding. If the provider failed, the public pages still show.
 */
const noSubscription = () => () => undefined;
const mayHaveSession = () => storageSessionHint().mayHaveSession();
/** The prerendered HTML was made for a visitor without a session. */
const noSessionAtBuild = () => false;

/**
 * `pageWhileLoading` (the landing, which is prerendered): while the provider loads, a visitor
 * who never signed in on this browser (no session hint, ADR 0035) sees the page rather than a
 * loading screen; a hinted one waits as before (ADR 0038).
 */
export function RedirectSignedIn({ pageWhileLoading = false }: { pageWhileLoading?: boolean }) {
  const identity = useIdentity();
  const location = useLocation();
  const arrival = useRef<{ key: string; signedIn: boolean } | null>(null);
  const hinted = useSyncExternalStore(noSubscription, mayHaveSession, noSessionAtBuild);

  if (identity.status === 'loading') return pageWhileLoading && !hinted ? <Outlet /> : <LoadingScreen />;
  if (arrival.current?.key !== location.key) arrival.current = { key: location.key, signedIn: identity.isSignedIn };
  if (arrival.current.signedIn) return <Navigate to="/training" replace />;
  return <Outlet />;
}

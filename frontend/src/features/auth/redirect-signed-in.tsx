import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useIdentity } from '../../shared/identity/identity';
import { LoadingScreen } from '../../shared/ui/loading-screen';

/**
 * For /, /login*, /sign-in*, /platform-register* and /sign-up*: a member who arrives
 * already signed in goes to /training. Someone who signs in on the page itself is
 * left to the form (or Clerk's widget), which knows whether to go to /training
 * or /onboarding. If the provider failed, the public pages still show.
 */
export function RedirectSignedIn() {
  const identity = useIdentity();
  const location = useLocation();
  const arrival = useRef<{ key: string; signedIn: boolean } | null>(null);

  if (identity.status === 'loading') return <LoadingScreen />;
  if (arrival.current?.key !== location.key) arrival.current = { key: location.key, signedIn: identity.isSignedIn };
  if (arrival.current.signedIn) return <Navigate to="/training" replace />;
  return <Outlet />;
}

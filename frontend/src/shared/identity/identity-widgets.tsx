import { lazy, Suspense, type ReactNode } from 'react';
import { Spinner } from 'react-bootstrap';
import { useIdentity } from './identity';
import { IdentityError } from './identity-error';

const ClerkSignIn = lazy(() => import('./clerk-widgets').then((module) => ({ default: module.ClerkSignIn })));
const ClerkSignUp = lazy(() => import('./clerk-widgets').then((module) => ({ default: module.ClerkSignUp })));

function Waiting() {
  return (
    <div className="d-flex justify-content-center py-5" role="status" aria-live="polite">
      <Spinner animation="border" variant="primary" />
      <span className="visually-hidden">Cargando…</span>
    </div>
  );
}

/**
 * The sign-in form of whichever provider runs: Clerk's widget, or the local form
 * the auth feature passes in. `path` is the route it is mounted at (/login or /sign-in).
 */
export function IdentitySignIn({ path, local }: { path: string; local: ReactNode }) {
  return <IdentityWidget local={local} clerk={<ClerkSignIn path={path} />} />;
}

export function IdentitySignUp({ path, local }: { path: string; local: ReactNode }) {
  return <IdentityWidget local={local} clerk={<ClerkSignUp path={path} />} />;
}

function IdentityWidget({ local, clerk }: { local: ReactNode; clerk: ReactNode }) {
  const identity = useIdentity();
  if (identity.status === 'error') return <IdentityError onRetry={identity.retry} />;
  if (identity.provider === 'local') return identity.isLoaded ? local : <Waiting />;
  if (identity.provider === 'clerk') {
    return (
      <Suspense fallback={<Waiting />}>
        {!identity.isLoaded && <Waiting />}
        {clerk}
      </Suspense>
    );
  }
  return <Waiting />;
}

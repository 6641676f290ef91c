import { Navigate } from 'react-router-dom';
import { useIdentity } from '../../shared/identity/identity';
import { IdentityError } from '../../shared/identity/identity-error';
import { LoadingScreen } from '../../shared/ui/loading-screen';

/** /auth-redirect: where external flows land; 'Loading...' until the provider is ready (spec section 2). */
export function AuthRedirectPage() {
  const identity = useIdentity();
  if (identity.status === 'error') return <IdentityError onRetry={identity.retry} />;
  if (!identity.isLoaded) return <LoadingScreen label="Loading..." />;
  return <Navigate to={identity.isSignedIn ? '/training' : '/login'} replace />;
}

import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { IdentityError } from '../../shared/identity/identity-error';
import { useIdentity } from '../../shared/identity/identity';
import { LoadingScreen } from '../../shared/ui/loading-screen';

/**
 * Guards the platform (onboarding, subscription, /training/*, the player, staff):
 * 'Cargando plataforma...' while the provider loads, then /login for visitors.
 * A member who just pressed 'Cerrar Sesión' goes to / instead (spec section 2).
 */
export function RequireSignedIn() {
  const identity = useIdentity();
  const location = useLocation();
  if (identity.status === 'error') return <IdentityError onRetry={identity.retry} />;
  if (!identity.isLoaded) return <LoadingScreen label="Cargando plataforma..." />;
  if (!identity.isSignedIn) {
    return identity.signedOutByUser ? <Navigate to="/" replace /> : <Navigate to="/login" replace state={{ from: location.pathname }} />;
  }
  return <Outlet />;
}

import { LogOut } from 'lucide-react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { baseApi } from '../api/base-api';
import { useIdentity } from '../identity/identity';
import { clearMemberCaches } from '../pwa/offline-caches';

/**
 * 'Cerrar Sesión' (spec section 2): ends the session, drops every cached member
 * answer (in memory and those kept for offline use) so the next person on this device never
 * sees them, and lands on /.
 */
export function SignOutButton() {
  const identity = useIdentity();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const signOut = async () => {
    await identity.signOut();
    dispatch(baseApi.util.resetApiState());
    await clearMemberCaches();
    navigate('/', { replace: true });
  };
  return (
    <button type="button" className="members-signout" onClick={() => void signOut()}>
      <LogOut size={18} aria-hidden="true" />
      <span>Cerrar Sesión</span>
    </button>
  );
}

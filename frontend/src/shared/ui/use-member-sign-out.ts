import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { baseApi } from '../api/base-api';
import { useIdentity } from '../identity/identity';

/**
 * 'Cerrar Sesión' (spec section 2): ends the session, drops every cached member
 * answer so the next person on this device never sees them, and lands on /.
 */
export function useMemberSignOut(): () => Promise<void> {
  const identity = useIdentity();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    await identity.signOut();
    dispatch(baseApi.util.resetApiState());
    navigate('/', { replace: true });
  }, [identity, dispatch, navigate]);
}

import { createContext, useContext } from 'react';

export type IdentityRole = 'member' | 'staff';

export interface IdentityUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The one identity interface of the SPA. Two adapters implement it (the local
 * provider and Clerk), picked at runtime from GET /api/config; nothing outside
 * shared/identity knows which one is running.
 */
export interface Identity {
  provider: 'local' | 'clerk' | undefined;
  /** `error`: the provider could not load (script failure or the 15 s timeout); `retry` tries again. */
  status: 'loading' | 'ready' | 'error';
  isLoaded: boolean;
  isSignedIn: boolean;
  user: IdentityUser | null;
  role: IdentityRole | null;
  /**
   * Whether the session passed a second factor (local: TOTP or a recovery code; Clerk: the
   * session's factor verification age). The staff console opens only when it is true.
   */
  secondFactor: boolean;
  /** True after the member pressed 'Cerrar Sesión', so guards send them to / rather than to /login. */
  signedOutByUser: boolean;
  getToken(options?: { forceRefresh?: boolean }): Promise<string | null>;
  /**
   * Ends the session. The member's own sign-out ('Cerrar Sesión') lands on /;
   * `expired` (the API refused the session) lands on /login.
   */
  signOut(options?: { expired?: boolean }): Promise<void>;
  retry(): void;
}

export const loadingIdentity: Identity = {
  provider: undefined,
  status: 'loading',
  isLoaded: false,
  isSignedIn: false,
  user: null,
  role: null,
  secondFactor: false,
  signedOutByUser: false,
  getToken: async () => null,
  signOut: async () => undefined,
  retry: () => undefined,
};

export const IdentityContext = createContext<Identity>(loadingIdentity);

export function useIdentity(): Identity {
  return useContext(IdentityContext);
}

/** The hosted provider's script timeout (spec section 9). */
export const PROVIDER_LOAD_TIMEOUT_MS = 15_000;

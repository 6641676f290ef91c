import { ClerkFailed, ClerkProvider, useAuth, useSession, useUser } from '@clerk/clerk-react';
import { esES } from '@clerk/localizations';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { IdentityContext, PROVIDER_LOAD_TIMEOUT_MS, type Identity, type IdentityRole } from './identity';

/*
 * The Clerk adapter. This file and clerk-widgets.tsx are the only places that
 * import Clerk, and both are lazy chunks: the public site on the local provider
 * never downloads them, and the move to @clerk/react touches this folder only.
 */

const reload = () => window.location.reload();

export default function ClerkIdentityProvider({ publishableKey, children }: { publishableKey: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <ClerkProvider
      publishableKey={publishableKey}
      localization={esES}
      routerPush={(to) => navigate(to)}
      routerReplace={(to) => navigate(to, { replace: true })}
      signInUrl="/login"
      signUpUrl="/platform-register"
      signInFallbackRedirectUrl="/training"
      signUpFallbackRedirectUrl="/onboarding"
      afterSignOutUrl="/"
    >
      <ClerkIdentityBridge>{children}</ClerkIdentityBridge>
    </ClerkProvider>
  );
}

function ReportFailure({ onFailure }: { onFailure: () => void }) {
  useEffect(onFailure, [onFailure]);
  return null;
}

function ClerkIdentityBridge({ children }: { children: ReactNode }) {
  const { isLoaded, isSignedIn, getToken, signOut, orgRole } = useAuth();
  const { user } = useUser();
  const { session } = useSession();
  // [minutes since the first factor, minutes since the second]; -1 when the second was never verified (ADR 0210).
  const secondFactorAge = session?.factorVerificationAge?.[1] ?? -1;
  const [failed, setFailed] = useState(false);
  const [signedOutByUser, setSignedOutByUser] = useState(false);

  useEffect(() => {
    if (isLoaded) return;
    const timer = setTimeout(() => setFailed(true), PROVIDER_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [isLoaded]);

  const identity = useMemo<Identity>(() => {
    const status = isLoaded ? 'ready' : failed ? 'error' : 'loading';
    const role: IdentityRole | null = isSignedIn ? (orgRole === 'org:admin' ? 'staff' : 'member') : null;
    return {
      provider: 'clerk',
      status,
      isLoaded: status === 'ready',
      isSignedIn: Boolean(isSignedIn),
      user:
        isSignedIn && user
          ? {
              userId: user.id,
              email: user.primaryEmailAddress?.emailAddress ?? '',
              firstName: user.firstName ?? '',
              lastName: user.lastName ?? '',
            }
          : null,
      role,
      secondFactor: secondFactorAge >= 0,
      signedOutByUser,
      getToken: (options) => getToken({ skipCache: options?.forceRefresh ?? false }),
      signOut: async (options) => {
        setSignedOutByUser(!options?.expired);
        // The API ends this session's tokens too (its `sid`): a copied token dies with the sign-out, not at its expiry.
        const token = await getToken().catch(() => null);
        if (token) await fetch('/api/identity/sign-out', { method: 'POST', headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
        await signOut({ redirectUrl: options?.expired ? '/login' : '/' });
      },
      // Clerk cannot re-run a failed script load in place: a fresh page load is the reliable retry.
      retry: reload,
    };
  }, [isLoaded, failed, isSignedIn, orgRole, user, getToken, signOut, signedOutByUser, secondFactorAge]);

  return (
    <IdentityContext.Provider value={identity}>
      <ClerkFailed>
        <ReportFailure onFailure={() => setFailed(true)} />
      </ClerkFailed>
      {children}
    </IdentityContext.Provider>
  );
}

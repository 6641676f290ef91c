import { createContext, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { IdentityContext, type Identity } from './identity';
import { LocalIdentityClient, storageSessionHint } from './local-identity-client';

const LocalIdentityClientContext = createContext<LocalIdentityClient | null>(null);

/** The local provider's own actions (sign up, verify, sign in), used only by the local forms. */
export function useLocalIdentityClient(): LocalIdentityClient {
  const client = useContext(LocalIdentityClientContext);
  if (!client) throw new Error('useLocalIdentityClient fuera de LocalIdentityProvider');
  return client;
}

const noSubscription = () => () => undefined;
const noSnapshot = () => null;

/**
 * `pending` (the identity to expose while GET /api/config has not answered) renders the same
 * tree without a client, so the page under it is not remounted when the config arrives: a
 * prerendered page keeps its hydrated DOM and its lazy chunks (ADR 0038).
 */
export function LocalIdentityProvider({ children, client: given, pending }: { children: ReactNode; client?: LocalIdentityClient; pending?: Identity }) {
  const created = useRef<LocalIdentityClient | null>(null);
  if (!pending && !created.current) created.current = given ?? new LocalIdentityClient(undefined, undefined, storageSessionHint());
  const client = pending ? null : created.current;
  const snapshot = useSyncExternalStore(client ? client.subscribe : noSubscription, client ? client.getSnapshot : noSnapshot, noSnapshot);

  useEffect(() => {
    if (client) void client.start();
  }, [client]);

  const identity = useMemo<Identity>(() => {
    if (!client || !snapshot) return pending!;
    return {
      provider: 'local',
      status: snapshot.status,
      isLoaded: snapshot.status === 'ready',
      isSignedIn: snapshot.user !== null,
      user: snapshot.user && {
        userId: snapshot.user.userId,
        email: snapshot.user.email,
        firstName: snapshot.user.firstName,
        lastName: snapshot.user.lastName,
      },
      role: snapshot.user?.role ?? null,
      secondFactor: snapshot.user?.secondFactor === true,
      signedOutByUser: snapshot.signedOutByUser,
      getToken: (options) => client.getToken(options),
      signOut: (options) => client.signOut(options),
      retry: () => void client.start(),
    };
  }, [client, snapshot, pending]);

  return (
    <LocalIdentityClientContext.Provider value={client}>
      <IdentityContext.Provider value={identity}>{children}</IdentityContext.Provider>
    </LocalIdentityClientContext.Provider>
  );
}

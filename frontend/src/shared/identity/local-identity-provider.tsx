import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IdentityContext, type Identity } from './identity';
import { LocalIdentityClient, storageSessionHint } from './local-identity-client';

const LocalIdentityClientContext = createContext<LocalIdentityClient | null>(null);

/** The local provider's own actions (sign up, verify, sign in), used only by the local forms. */
export function useLocalIdentityClient(): LocalIdentityClient {
  const client = useContext(LocalIdentityClientContext);
  if (!client) throw new Error('useLocalIdentityClient fuera de LocalIdentityProvider');
  return client;
}

export function LocalIdentityProvider({ children, client: given }: { children: ReactNode; client?: LocalIdentityClient }) {
  const [client] = useState(() => given ?? new LocalIdentityClient(undefined, undefined, storageSessionHint()));
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot);

  useEffect(() => {
    void client.start();
  }, [client]);

  const identity = useMemo<Identity>(
    () => ({
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
      signedOutByUser: snapshot.signedOutByUser,
      getToken: (options) => client.getToken(options),
      signOut: (options) => client.signOut(options),
      retry: () => void client.start(),
    }),
    [client, snapshot],
  );

  return (
    <LocalIdentityClientContext.Provider value={client}>
      <IdentityContext.Provider value={identity}>{children}</IdentityContext.Provider>
    </LocalIdentityClientContext.Provider>
  );
}

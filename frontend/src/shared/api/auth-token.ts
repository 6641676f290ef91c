/**
 * The identity layer (local provider or Clerk) registers how to get a bearer token
 * and what to do when the API says the session is gone; the API slice only asks.
 */
type TokenGetter = (options?: { forceRefresh?: boolean }) => Promise<string | null>;

let getToken: TokenGetter = async () => null;
let onUnauthorized: () => void = () => undefined;

export function registerTokenSource(source: { getToken: TokenGetter; onUnauthorized: () => void }): void {
  getToken = source.getToken;
  onUnauthorized = source.onUnauthorized;
}

export function currentToken(options?: { forceRefresh?: boolean }): Promise<string | null> {
  return getToken(options);
}

export function sessionExpired(): void {
  onUnauthorized();
}

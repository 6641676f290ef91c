export type Role = 'member' | 'staff';

/** Who is calling, as every controller sees it through `@CurrentUser()`. */
export interface AuthUser {
  /** The identity provider's subject (`sub`): a Clerk user id or a local account id. */
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /**
   * Whether this session was confirmed with a second factor: the local provider's `amr` holds
   * `otp`, or Clerk's `fva` says the second factor was verified. Staff routes require it (ADR 0210).
   */
  secondFactor: boolean;
  /**
   * The session the token belongs to (`sid`: the local provider's sign-in, Clerk's session), when
   * the token names one: a sign-out ends it, and the guard refuses its tokens from then on (ADR 0280).
   */
  sessionId?: string;
}

/**
 * The claims both providers put in an access token. Clerk emits them through the
 * session-token customisation documented in docs/identity.md; the local provider
 * signs exactly the same shape, so the rest of the backend cannot tell them apart.
 */
export interface AccessTokenClaims {
  sub: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  /** Clerk session token v1 and the local provider: `org:admin` means staff. */
  org_role?: string;
  /** Clerk session token v2 puts the active organisation in `o` with the role without prefix. */
  o?: { rol?: string };
  /** Authentication methods (RFC 8176): the local provider signs `['pwd', 'otp']` after a TOTP or recovery code. */
  amr?: unknown;
  /** Clerk's factor verification age: minutes since the first and the second factor were verified, -1 for never. */
  fva?: unknown;
  /** The session: the local provider's refresh-token family, Clerk's session id. */
  sid?: unknown;
}

/** Whether the claims say a second factor confirmed this session, in either provider's words. */
export function secondFactorFromClaims(claims: Pick<AccessTokenClaims, 'amr' | 'fva'>): boolean {
  if (Array.isArray(claims.amr) && (claims.amr.includes('otp') || claims.amr.includes('mfa'))) return true;
  return Array.isArray(claims.fva) && typeof claims.fva[1] === 'number' && claims.fva[1] >= 0;
}

const STAFF_ORG_ROLES = new Set(['org:admin', 'admin']);

export function userFromClaims(claims: AccessTokenClaims, staffEmails: readonly string[]): AuthUser {
  const email = (claims.email ?? '').trim().toLowerCase();
  const orgRole = claims.org_role ?? claims.o?.rol;
  const staff = (orgRole !== undefined && STAFF_ORG_ROLES.has(orgRole)) || (email !== '' && staffEmails.includes(email));
  return {
    userId: claims.sub,
    email,
    firstName: claims.first_name ?? '',
    lastName: claims.last_name ?? '',
    role: staff ? 'staff' : 'member',
    secondFactor: secondFactorFromClaims(claims),
    ...(typeof claims.sid === 'string' && claims.sid !== '' ? { sessionId: claims.sid } : {}),
  };
}

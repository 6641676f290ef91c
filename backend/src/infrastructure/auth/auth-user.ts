export type Role = 'member' | 'staff';

/** Who is calling, as every controller sees it through `@CurrentUser()`. */
export interface AuthUser {
  /** The identity provider's subject (`sub`): a Clerk user id or a local account id. */
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
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
  };
}

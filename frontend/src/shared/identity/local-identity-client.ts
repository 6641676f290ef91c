import type { IdentityRole, IdentityUser } from './identity';

export interface LocalSessionUser extends IdentityUser {
  role: IdentityRole;
  /** The session passed the second factor (TOTP or a recovery code); the staff console requires it. */
  secondFactor?: boolean;
}

export interface TotpEnrollment {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

export interface SecondFactorStatus {
  required: boolean;
  enrolled: boolean;
  recoveryCodesLeft: number;
}

interface Session {
  accessToken: string;
  expiresAt: number;
  user: LocalSessionUser;
}

export interface LocalIdentitySnapshot {
  status: 'loading' | 'ready';
  user: LocalSessionUser | null;
  signedOutByUser: boolean;
}

export type LocalSignInResult =
  { status: 'complete' } | { status: 'needs_verification'; email: string } | { status: 'needs_second_factor'; email: string; challenge: string };

/** A refused form, with the hosted provider's code (`form_password_incorrect`…) and the field it concerns. */
export class IdentityFormError extends Error {
  constructor(
    message: string,
    readonly reason: string | undefined,
    readonly field: string | undefined,
    readonly status: number,
  ) {
    super(message);
    this.name = 'IdentityFormError';
  }
}

interface SessionBody {
  accessToken: string;
  expiresIn: number;
  user: LocalSessionUser;
}

/**
 * Whether this browser may hold a session. The refresh cookie is httpOnly, so the
 * client keeps its own note: a visitor who never signed in here is known to be
 * signed out at once, without waiting for /api/identity/refresh (ADR 0035).
 */
export interface SessionHint {
  mayHaveSession(): boolean;
  remember(present: boolean): void;
}

const HINT_KEY = 'pulso-session-hint';

/** The hint in localStorage (shared by the tabs). Unreadable storage means "maybe", so the cookie is asked. */
export function storageSessionHint(storage: () => Storage = () => window.localStorage): SessionHint {
  return {
    mayHaveSession: () => {
      try {
        return storage().getItem(HINT_KEY) === '1';
      } catch {
        return true;
      }
    },
    remember: (present) => {
      try {
        if (present) storage().setItem(HINT_KEY, '1');
        else storage().removeItem(HINT_KEY);
      } catch {
        // Private mode or full storage: the next visit asks the server.
      }
    },
  };
}

/**
 * The signed-in member as last seen, so the installed app opens at the gym without a connection
 * (ADR 0306): the access token lives in memory only and a reload offline cannot renew it. Members
 * only (the staff console needs the server and its second factor). Read and written by the app
 * shell (shared/pwa/app-shell.ts, kept out of the public pages' code); removed on any sign-out.
 */
export interface OfflineMemberNote {
  read(): LocalSessionUser | null;
  write(user: LocalSessionUser): void;
}

export const OFFLINE_MEMBER_KEY = 'pulso.offline-member';
let offlineMemberNote: OfflineMemberNote | undefined;

export function keepMemberForOffline(note: OfflineMemberNote): void {
  offlineMemberNote = note;
}

function forgetOfflineMember(): void {
  try {
    localStorage.removeItem(OFFLINE_MEMBER_KEY);
  } catch {
    // Nothing was kept without storage.
  }
}

/** Renew a little before expiry so a request never leaves with a token that dies in flight. */
const EXPIRY_MARGIN_MS = 30_000;
const CHANNEL = 'pulso-identity';
const NETWORK_ERROR = 'Error conectando al servidor. Por favor, inténtalo nuevamente.';

/**
 * The browser side of the local identity provider. The access token lives only in
 * memory; the refresh token is an httpOnly cookie the script never sees. Renewals
 * are single-flight and, across tabs, serialised with a Web Lock: the server treats
 * a refresh token presented twice as stolen and revokes the session (ADR 0021).
 */
export class LocalIdentityClient {
  private session: Session | null = null;
  private snapshot: LocalIdentitySnapshot = { status: 'loading', user: null, signedOutByUser: false };
  private readonly listeners = new Set<() => void>();
  private renewal?: Promise<Session | null>;
  private started?: Promise<void>;
  private readonly channel?: BroadcastChannel;

  constructor(
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
    private readonly now: () => number = Date.now,
    private readonly hint?: SessionHint,
    private readonly offlineMember: () => OfflineMemberNote | undefined = () => offlineMemberNote,
  ) {
    if (hint && !hint.mayHaveSession()) {
      this.snapshot = { status: 'ready', user: null, signedOutByUser: false };
      this.started = Promise.resolve();
    }
    if (typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(CHANNEL);
      this.channel.onmessage = (event: MessageEvent<{ type?: string }>) => {
        if (event.data?.type === 'signed-out') this.setSession(null, true);
      };
    }
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): LocalIdentitySnapshot => this.snapshot;

  /** Restores the session from the refresh cookie, once. */
  start(): Promise<void> {
    this.started ??= this.renew().then(() => {
      if (this.snapshot.status === 'loading') this.setSession(this.session, false);
    });
    return this.started;
  }

  async getToken(options: { forceRefresh?: boolean } = {}): Promise<string | null> {
    await this.start();
    // Signed in from the offline note: every call tries to get a real session back.
    if (!this.session && this.snapshot.user) await this.renew();
    if (!this.session) return null;
    if (options.forceRefresh || this.session.expiresAt - EXPIRY_MARGIN_MS <= this.now()) await this.renew();
    return this.session?.accessToken ?? null;
  }

  async signUp(input: { firstName: string; lastName: string; email: string; password: string }): Promise<{ email: string }> {
    return this.post<{ email: string }>('/api/identity/sign-up', input);
  }

  async resendCode(email: string): Promise<void> {
    await this.post('/api/identity/verification-code', { email });
  }

  async verify(email: string, code: string): Promise<void> {
    this.accept(await this.post<SessionBody>('/api/identity/verify-email', { email, code }));
  }

  async signIn(email: string, password: string): Promise<LocalSignInResult> {
    const result = await this.post<{
      status: 'complete' | 'needs_verification' | 'needs_second_factor';
      session?: SessionBody;
      email?: string;
      challenge?: string;
    }>('/api/identity/sign-in', { email, password });
    if (result.status === 'needs_verification') return { status: 'needs_verification', email: result.email ?? email };
    if (result.status === 'needs_second_factor') return { status: 'needs_second_factor', email: result.email ?? email, challenge: result.challenge ?? '' };
    if (result.session) this.accept(result.session);
    return { status: 'complete' };
  }

  /** Step 2 of a staff sign-in: the authenticator app's 6-digit code or a recovery code. */
  async attemptSecondFactor(challenge: string, code: string): Promise<void> {
    this.accept(await this.post<SessionBody>('/api/identity/second-factor', { challenge, code }));
  }

  async secondFactorStatus(): Promise<SecondFactorStatus> {
    return this.authorized<SecondFactorStatus>('GET', '/api/identity/second-factor');
  }

  async beginTotpEnrollment(): Promise<TotpEnrollment> {
    return this.authorized<TotpEnrollment>('POST', '/api/identity/second-factor/enrollment');
  }

  /**
   * Confirms the enrolment with the app's first code. Answers the recovery codes (shown once) and
   * `activate`, which switches to the session that passed the second factor: called once the codes
   * are saved, so the page that shows them is not replaced by the console under the reader.
   */
  async confirmTotpEnrollment(code: string): Promise<{ recoveryCodes: string[]; activate: () => void }> {
    const result = await this.authorized<{ recoveryCodes: string[]; session: SessionBody }>('POST', '/api/identity/second-factor/enrollment/confirm', { code });
    return { recoveryCodes: result.recoveryCodes, activate: () => void this.accept(result.session) };
  }

  /** `expired`: the API refused the session, so the member is sent to /login rather than to /. */
  async signOut(options: { expired?: boolean } = {}): Promise<void> {
    await this.fetchImpl('/api/identity/sign-out', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
    this.setSession(null, !options.expired);
    this.channel?.postMessage({ type: 'signed-out' });
  }

  private renew(): Promise<Session | null> {
    this.renewal ??= this.exclusively(async () => {
      try {
        const response = await this.fetchImpl('/api/identity/refresh', { method: 'POST', credentials: 'same-origin' });
        if (response.status === 200) return this.accept((await response.json()) as SessionBody);
        // 204: no session cookie; 401: expired or revoked. Anything else is transient: keep what we have.
        if (response.status === 204 || response.status === 401) this.setSession(null, this.snapshot.signedOutByUser);
      } catch {
        // Offline: a later call tries again. Opening offline, the member is who they were last.
        const lastMember = this.snapshot.status === 'loading' ? this.offlineMember()?.read() : null;
        if (lastMember) this.setSnapshot({ status: 'ready', user: lastMember, signedOutByUser: false });
      }
      return this.session;
    }).finally(() => {
      this.renewal = undefined;
    });
    return this.renewal;
  }

  private exclusively<T>(task: () => Promise<T>): Promise<T> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? (locks.request('pulso-identity-refresh', task) as Promise<T>) : task();
  }

  private accept(body: SessionBody): Session {
    const session = { accessToken: body.accessToken, expiresAt: this.now() + body.expiresIn * 1000, user: body.user };
    this.setSession(session, false);
    return session;
  }

  private setSession(session: Session | null, signedOutByUser: boolean): void {
    this.session = session;
    this.hint?.remember(session !== null);
    if (session?.user.role === 'member') this.offlineMember()?.write(session.user);
    else forgetOfflineMember();
    this.setSnapshot({ status: 'ready', user: session?.user ?? null, signedOutByUser: session ? false : signedOutByUser });
  }

  private setSnapshot(snapshot: LocalIdentitySnapshot): void {
    this.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }

  private async authorized<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
    const token = await this.getToken();
    return this.post<T>(url, body, { method, token: token ?? undefined });
  }

  private async post<T>(url: string, body: unknown, options: { method?: 'GET' | 'POST'; token?: string } = {}): Promise<T> {
    let response: Response;
    try {
      const method = options.method ?? 'POST';
      response = await this.fetchImpl(url, {
        method,
        credentials: 'same-origin',
        headers: {
          ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
          ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        },
        ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      });
    } catch {
      throw new IdentityFormError(NETWORK_ERROR, undefined, undefined, 0);
    }
    const payload = (await response.json().catch(() => ({}))) as {
      error?: string;
      details?: { reason?: string; field?: string };
    };
    if (!response.ok) {
      throw new IdentityFormError(payload.error ?? NETWORK_ERROR, payload.details?.reason, payload.details?.field, response.status);
    }
    return payload as T;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { AuthUser, userFromClaims } from '../../infrastructure/auth/auth-user';
import { ACCESS_TOKEN_TTL_SECONDS, LocalSigningKeys } from '../../infrastructure/auth/local-signing-keys';
import { Revocations } from '../../infrastructure/auth/revocations';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { RateLimit, RateLimits } from '../../infrastructure/rate-limits/rate-limits';
import { MailPort } from '../../infrastructure/mail/mail.port';
import { DomainError } from '../../shared/domain-error';
import { identityError, IdentityField, MAX_NAME_LENGTH } from './identity-errors';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './password-hasher';
import { passwordProblem } from './password-policy';
import { IssuedRefreshToken, RefreshTokens } from './refresh-tokens';
import { TotpEnrollment, TotpFactors } from './totp-factors';
import { CODE_TTL_MINUTES, VerificationCodes } from './verification-codes';
import { inTransaction } from '../../infrastructure/database/in-transaction';

const MINUTE = 60_000;
/** Per client address, over every form action: generous enough for a studio's shared Wi-Fi (`IDENTITY_IP_ACTIONS_PER_10_MIN`, 100). */
const IP_WINDOW_MS = 10 * MINUTE;
/** Wrong passwords: per account (guessing one member's password) and per address (spraying many accounts). */
const ACCOUNT_FAILURES = { name: 'identity-account-failures', limit: 5, windowMs: 15 * MINUTE };
const IP_FAILURES = { name: 'identity-address-failures', limit: 20, windowMs: 15 * MINUTE };
/** Codes sent per account: every one is an email, so this also protects the mailbox owner. */
const CODES_SENT = { name: 'identity-codes-sent', limit: 5, windowMs: 60 * MINUTE };
/** Wrong second-factor codes per account: throttled like passwords, so a million codes take years (ADR 0210). */
const SECOND_FACTOR_FAILURES = { name: 'identity-second-factor-failures', limit: 5, windowMs: 15 * MINUTE };
/** Between the password and the code: long enough to open the app, short enough to be useless if copied. */
const CHALLENGE_TTL_MINUTES = 5;
/** RFC 8176 method references: a password, then a one-time code. */
const SECOND_FACTOR_AMR = ['pwd', 'otp'];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface RequestContext {
  ip: string;
  refreshToken?: string;
}

export interface SignUpInput {
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  password?: unknown;
}

export interface LocalSession {
  accessToken: string;
  expiresIn: number;
  user: AuthUser;
  refresh: IssuedRefreshToken;
}

export type SignInResult =
  | { status: 'complete'; session: LocalSession }
  | { status: 'needs_verification'; email: string }
  | { status: 'needs_second_factor'; email: string; challenge: string };

export interface SecondFactorStatus {
  required: boolean;
  enrolled: boolean;
  recoveryCodesLeft: number;
}

interface AccountRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  role: 'member' | 'staff';
  email_verified_at: Date | null;
}

/**
 * The local identity provider: the embedded stand-in for Clerk. Its rules and
 * error codes follow the hosted provider's, and the access tokens it signs carry
 * the same claims, so the guards and the SPA treat both alike (ADR 0020).
 */
@Injectable()
export class IdentityService {
  /** Shared by every instance and kept across restarts (ADR 0285). */
  private readonly limits: { ipActions: RateLimit; accountFailures: RateLimit; ipFailures: RateLimit; codesSent: RateLimit; secondFactorFailures: RateLimit };

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly keys: LocalSigningKeys,
    private readonly codes: VerificationCodes,
    private readonly refreshTokens: RefreshTokens,
    private readonly mail: MailPort,
    private readonly totp: TotpFactors,
    private readonly revocations: Revocations,
    rateLimits: RateLimits,
  ) {
    this.limits = {
      ipActions: rateLimits.rule({ name: 'identity-address-actions', limit: config.auth.ipActionsPer10Min, windowMs: IP_WINDOW_MS }),
      accountFailures: rateLimits.rule(ACCOUNT_FAILURES),
      ipFailures: rateLimits.rule(IP_FAILURES),
      codesSent: rateLimits.rule(CODES_SENT),
      secondFactorFailures: rateLimits.rule(SECOND_FACTOR_FAILURES),
    };
  }

  async signUp(input: SignUpInput, context: RequestContext): Promise<{ email: string }> {
    await throttle(this.limits.ipActions, context.ip);
    await this.refuseExistingSession(context);
    const firstName = name(input.firstName, 'firstName');
    const lastName = name(input.lastName, 'lastName');
    const email = emailOf(input.email);
    const password = required(input.password, 'password');
    const problem = passwordProblem(password);
    if (problem) throw identityError(problem, 'password');
    await this.limits.ipActions.record(context.ip);

    const existing = await this.findAccount(email);
    if (existing?.email_verified_at) throw identityError('form_identifier_exists', 'email');
    await throttle(this.limits.codesSent, email);
    const passwordHash = await hashPassword(password);
    // An unverified account is only a pending sign-up: a new attempt replaces it, as a new Clerk sign-up would.
    const { rows } = await this.pool.query<{ id: string }>(
      `INSERT INTO identity_accounts (id, email, first_name, last_name, password_hash)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (email) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
         password_hash = EXCLUDED.password_hash, updated_at = now()
       WHERE identity_accounts.email_verified_at IS NULL
       RETURNING id`,
      [randomUUID(), email, firstName, lastName, passwordHash],
    );
    if (!rows[0]) throw identityError('form_identifier_exists', 'email');
    await this.sendCode(rows[0].id, email, firstName);
    return { email };
  }

  async resendCode(rawEmail: unknown, context: RequestContext): Promise<{ email: string }> {
    await throttle(this.limits.ipActions, context.ip);
    const email = emailOf(rawEmail);
    await this.limits.ipActions.record(context.ip);
    await throttle(this.limits.codesSent, email);
    const account = await this.findAccount(email);
    // Same answer whether or not the email is pending, so this endpoint cannot list accounts.
    if (account && !account.email_verified_at) await this.sendCode(account.id, email, account.first_name);
    return { email };
  }

  async verify(rawEmail: unknown, rawCode: unknown, context: RequestContext): Promise<LocalSession> {
    await throttle(this.limits.ipActions, context.ip);
    const email = emailOf(rawEmail);
    const code = required(rawCode, 'code');
    if (!/^\d{6}$/.test(code)) throw identityError('form_param_format_invalid', 'code');
    await this.limits.ipActions.record(context.ip);
    const account = await this.findAccount(email);
    if (!account || account.email_verified_at) throw identityError('form_code_incorrect', 'code');

    // The attempt is recorded whatever the code: the transaction commits before a wrong one is refused.
    const problem = await inTransaction(this.pool, async (client) => {
      const found = await this.codes.check(client, account.id, code);
      if (!found) await client.query('UPDATE identity_accounts SET email_verified_at = now(), updated_at = now() WHERE id = $1', [account.id]);
      return found;
    });
    if (problem) throw identityError(problem, 'code');
    return this.openSession(account);
  }

  async signIn(rawEmail: unknown, rawPassword: unknown, context: RequestContext): Promise<SignInResult> {
    await throttle(this.limits.ipActions, context.ip);
    await throttle(this.limits.ipFailures, context.ip);
    await this.refuseExistingSession(context);
    const email = emailOf(rawEmail);
    const password = required(rawPassword, 'password');
    await this.limits.ipActions.record(context.ip);
    await throttle(this.limits.accountFailures, email);

    const account = await this.findAccount(email);
    const matches = await verifyPassword(password, account?.password_hash ?? DUMMY_PASSWORD_HASH);
    if (!account || !matches) {
      await this.limits.ipFailures.record(context.ip);
      if (account) await this.limits.accountFailures.record(email);
      throw account ? identityError('form_password_incorrect', 'password') : identityError('form_identifier_not_found', 'email');
    }
    await this.limits.accountFailures.reset(email);
    if (!account.email_verified_at) {
      await throttle(this.limits.codesSent, email);
      await this.sendCode(account.id, email, account.first_name);
      return { status: 'needs_verification', email };
    }
    if (this.isStaff(account) && (await this.totp.isEnrolled(account.id))) {
      return { status: 'needs_second_factor', email, challenge: await this.openChallenge(account.id) };
    }
    return { status: 'complete', session: await this.openSession(account) };
  }

  /** Step 2 of a staff sign-in: the code of the authenticator app, or one recovery code. */
  async attemptSecondFactor(rawChallenge: unknown, rawCode: unknown, context: RequestContext): Promise<LocalSession> {
    await throttle(this.limits.ipActions, context.ip);
    await throttle(this.limits.ipFailures, context.ip);
    const challenge = typeof rawChallenge === 'string' ? rawChallenge : '';
    const code = required(rawCode, 'code');
    await this.limits.ipActions.record(context.ip);
    const { rows } = await this.pool.query<{ account_id: string }>(
      'SELECT account_id FROM identity_second_factor_challenges WHERE token_hash = $1 AND expires_at > now()',
      [digest(challenge)],
    );
    const accountId = rows[0]?.account_id;
    if (!accountId) throw identityError('verification_expired', 'code');
    await throttle(this.limits.secondFactorFailures, accountId);
    const result = await this.totp.check(accountId, code);
    if (result !== 'ok') {
      await this.limits.ipFailures.record(context.ip);
      await this.limits.secondFactorFailures.record(accountId);
      throw identityError('form_code_incorrect', 'code');
    }
    await this.limits.secondFactorFailures.reset(accountId);
    await this.pool.query('DELETE FROM identity_second_factor_challenges WHERE account_id = $1', [accountId]);
    const account = await this.findAccountById(accountId);
    if (!account) throw identityError('verification_expired', 'code');
    return this.openSession(account, true);
  }

  async secondFactorStatus(user: AuthUser): Promise<SecondFactorStatus> {
    const enrolled = await this.totp.isEnrolled(user.userId);
    return { required: user.role === 'staff', enrolled, recoveryCodesLeft: enrolled ? await this.totp.remainingRecoveryCodes(user.userId) : 0 };
  }

  /** A new TOTP secret and its QR code, for a staff account that has none yet. */
  async beginTotpEnrollment(user: AuthUser): Promise<TotpEnrollment> {
    const account = await this.findAccountById(user.userId);
    if (!account || !this.isStaff(account)) throw new DomainError('forbidden', 'No tienes permiso para realizar esta acción.', { reason: 'not_staff' });
    const enrollment = await this.totp.begin(account.id, account.email, this.config.studio.name);
    if (!enrollment) throw alreadyEnrolled();
    return enrollment;
  }

  /**
   * The first code from the app confirms the enrolment: the recovery codes are answered once,
   * and the session that asked is replaced by one that passed the second factor.
   */
  async confirmTotpEnrollment(user: AuthUser, rawCode: unknown, context: RequestContext): Promise<{ recoveryCodes: string[]; session: LocalSession }> {
    await throttle(this.limits.ipActions, context.ip);
    await throttle(this.limits.secondFactorFailures, user.userId);
    const code = required(rawCode, 'code').replace(/\s/g, '');
    if (!/^\d{6}$/.test(code)) throw identityError('form_param_format_invalid', 'code');
    await this.limits.ipActions.record(context.ip);
    const account = await this.findAccountById(user.userId);
    if (!account || !this.isStaff(account)) throw new DomainError('forbidden', 'No tienes permiso para realizar esta acción.', { reason: 'not_staff' });
    const result = await this.totp.confirm(account.id, code);
    if (result === 'not_enrolled') throw alreadyEnrolled();
    if (result === 'incorrect') {
      await this.limits.secondFactorFailures.record(user.userId);
      throw identityError('form_code_incorrect', 'code');
    }
    if (context.refreshToken) await this.refreshTokens.revokeFamilyOf(context.refreshToken);
    return { recoveryCodes: result, session: await this.openSession(account, true) };
  }

  async refresh(refreshToken: string | undefined): Promise<LocalSession> {
    const next = refreshToken ? await this.refreshTokens.rotate(refreshToken) : undefined;
    if (!next) throw sessionExpired();
    const account = await this.findAccountById(next.accountId);
    if (!account) throw sessionExpired();
    return { ...(await this.accessFor(account, next.secondFactor, next.familyId)), refresh: next };
  }

  /**
   * Ends the session of the refresh cookie (local sign-in) and the one the access token names, if
   * it came with the request (Clerk's `sid`, when the SPA signs out of Clerk): their access tokens
   * are refused from now on, on every instance within a second (ADR 0280).
   */
  async signOut(refreshToken: string | undefined, caller: AuthUser | undefined): Promise<void> {
    if (refreshToken) await this.refreshTokens.revokeFamilyOf(refreshToken);
    if (caller?.sessionId) await this.revocations.endSession(caller.sessionId);
  }

  private async openSession(account: AccountRow, secondFactor = false): Promise<LocalSession> {
    const refresh = await this.refreshTokens.issue(account.id, undefined, undefined, secondFactor);
    return { ...(await this.accessFor(account, secondFactor, refresh.familyId)), refresh };
  }

  private async openChallenge(accountId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.pool.query('DELETE FROM identity_second_factor_challenges WHERE account_id = $1 AND expires_at <= now()', [accountId]);
    await this.pool.query(
      `INSERT INTO identity_second_factor_challenges (token_hash, account_id, expires_at)
       VALUES ($1, $2, now() + make_interval(mins => $3))`,
      [digest(token), accountId, CHALLENGE_TTL_MINUTES],
    );
    return token;
  }

  private isStaff(account: AccountRow): boolean {
    return account.role === 'staff' || this.config.auth.staffEmails.includes(account.email);
  }

  /** The access token names its session (`sid`, the refresh-token family), so a sign-out ends it too (ADR 0280). */
  private async accessFor(account: AccountRow, secondFactor: boolean, sessionId: string): Promise<Omit<LocalSession, 'refresh'>> {
    const claims = {
      sub: account.id,
      email: account.email,
      first_name: account.first_name,
      last_name: account.last_name,
      ...(account.role === 'staff' ? { org_role: 'org:admin' } : {}),
      ...(secondFactor ? { amr: SECOND_FACTOR_AMR } : {}),
    };
    const accessToken = await this.keys.sign({ ...claims, sid: sessionId }, ACCESS_TOKEN_TTL_SECONDS);
    return { accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS, user: userFromClaims(claims, this.config.auth.staffEmails) };
  }

  private async sendCode(accountId: string, email: string, firstName: string): Promise<void> {
    await this.limits.codesSent.record(email);
    const code = await this.codes.issue(accountId);
    const studio = this.config.studio.name;
    await this.mail.send({
      kind: 'verification-code',
      to: email,
      subject: `${code} es tu código de verificación de ${studio}`,
      text: [
        `Hola, ${firstName}:`,
        '',
        `Tu código para verificar tu correo en ${studio} es: ${code}`,
        '',
        `Caduca en ${CODE_TTL_MINUTES} minutos y solo se puede usar una vez.`,
        'Si no creaste una cuenta, ignora este mensaje.',
      ].join('\n'),
    });
  }

  private async refuseExistingSession(context: RequestContext): Promise<void> {
    if (context.refreshToken && (await this.refreshTokens.isActive(context.refreshToken))) throw identityError('session_exists');
  }

  private async findAccount(email: string): Promise<AccountRow | undefined> {
    const { rows } = await this.pool.query<AccountRow>('SELECT * FROM identity_accounts WHERE email = $1', [email]);
    return rows[0];
  }

  private async findAccountById(id: string): Promise<AccountRow | undefined> {
    const { rows } = await this.pool.query<AccountRow>('SELECT * FROM identity_accounts WHERE id = $1', [id]);
    return rows[0];
  }
}

/** Refuses with 429 while `key` is over the rule's limit; counts nothing. */
async function throttle(rule: RateLimit, key: string): Promise<void> {
  const retryAfterSeconds = await rule.retryAfter(key);
  if (retryAfterSeconds > 0) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    throw new DomainError('too-many-requests', `Demasiados intentos. Inténtalo de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`, {
      reason: 'too_many_requests',
      retryAfterSeconds,
    });
  }
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

function alreadyEnrolled(): DomainError {
  return new DomainError('conflict', 'La verificación en dos pasos ya está activada en esta cuenta.', { reason: 'second_factor_enrolled' });
}

function sessionExpired(): DomainError {
  return new DomainError('unauthorized', 'Tu sesión ha caducado. Inicia sesión de nuevo.', { reason: 'session_expired' });
}

function required(value: unknown, field: IdentityField): string {
  if (typeof value !== 'string' || value.trim() === '') throw identityError('form_param_nil', field);
  return value;
}

function name(value: unknown, field: IdentityField): string {
  const trimmed = required(value, field).trim();
  if (trimmed.length > MAX_NAME_LENGTH) throw identityError('form_param_max_length_exceeded', field);
  return trimmed;
}

function emailOf(value: unknown): string {
  const email = required(value, 'email').trim().toLowerCase();
  if (email.length > 320 || !EMAIL.test(email)) throw identityError('form_param_format_invalid', 'email');
  return email;
}

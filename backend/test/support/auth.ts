import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { LocalSigningKeys } from '../../src/infrastructure/auth/local-signing-keys';
import type { TestApp } from './test-app';

export interface TestUser {
  userId?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  role?: 'member' | 'staff';
  /** Staff tokens carry the second factor unless a test says otherwise (the console requires it). */
  secondFactor?: boolean;
  /** The session the token names (`sid`), as the local provider's and Clerk's tokens do. */
  sessionId?: string;
}

/**
 * An `Authorization` header value for a user of the local provider, signed with its
 * current key: lets an e2e test call protected routes without the sign-up flow.
 * Staff get the organisation-admin claim and the second factor (`amr`), exactly as a real staff token carries them.
 */
export async function bearerFor(t: TestApp, user: TestUser = {}): Promise<string> {
  const userId = user.userId ?? randomUUID();
  const token = await t.app.get(LocalSigningKeys).sign({
    sub: userId,
    email: user.email ?? `socio-${userId.slice(0, 8)}@example.com`,
    first_name: user.firstName ?? 'Ana',
    last_name: user.lastName ?? 'Martínez',
    ...(user.role === 'staff' ? { org_role: 'org:admin' } : {}),
    ...((user.secondFactor ?? user.role === 'staff') ? { amr: ['pwd', 'otp'] } : {}),
    ...(user.sessionId ? { sid: user.sessionId } : {}),
  });
  return `Bearer ${token}`;
}

/** The wizard's answers (spec section 5): what a member has sent once onboarding is finished. */
export const WIZARD_PROFILE = {
  dateOfBirth: '1994-05-17',
  gender: 'female',
  height: 165,
  weight: 62,
  fitnessLevel: 'intermediate',
  goals: ['Mejorar resistencia'],
} as const;

/** Finishes the wizard for `auth`, as the SPA does: plans take only members who did. */
export async function completeOnboarding(t: TestApp, auth: string): Promise<void> {
  const response = await request(t.app.getHttpServer())
    .put('/api/platform-users/profile')
    .set('Authorization', auth)
    .send({ profile: WIZARD_PROFILE, completeOnboarding: true });
  if (response.status !== 200) throw new Error(`onboarding failed: ${response.status} ${JSON.stringify(response.body)}`);
}

/** A member who has finished the wizard, ready to enrol in plans. */
export async function onboardedBearerFor(t: TestApp, user: TestUser = {}): Promise<string> {
  const auth = await bearerFor(t, user);
  await completeOnboarding(t, auth);
  return auth;
}

export interface StudioMember {
  userId: string;
  bearer: string;
  email: string;
}

/** A membership the desk sells (`reference` added unless it is a courtesy). */
export interface DeskSale {
  planId: string;
  sharedWith?: string[];
  paymentMethod?: string;
}

/** An onboarded member; with `sale`, the desk (`staff`'s bearer) sells them that membership first. */
export async function studioMember(t: TestApp, staff: string, firstName: string, sale?: DeskSale): Promise<StudioMember> {
  const userId = randomUUID();
  const email = `${firstName.toLowerCase()}-${userId.slice(0, 8)}@example.com`;
  const bearer = await bearerFor(t, { userId, email, firstName });
  await completeOnboarding(t, bearer);
  if (sale) {
    const { paymentMethod = 'efectivo', ...plan } = sale;
    await request(t.app.getHttpServer())
      .post(`/api/staff/members/${userId}/membership/sales`)
      .set('Authorization', staff)
      .set('Idempotency-Key', randomUUID())
      .send({ ...plan, paymentMethod, ...(paymentMethod === 'cortesia' ? {} : { reference: 'REC-1' }) })
      .expect(200);
  }
  return { userId, bearer, email };
}

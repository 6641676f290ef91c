import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { EventStore } from '../src/infrastructure/event-store/event-store.port';
import { addDays, localDateOf } from '../src/shared/studio-day';
import { memberStreamName } from '../src/modules/members/member.events';
import { ReturnClassCredit, UseClassCredit } from '../src/modules/memberships/class-credits.command';
import { MembershipExpiryScheduler } from '../src/modules/memberships/membership-expiry.scheduler';
import { ProjectionEngine } from '../src/infrastructure/projections/projection-engine';
import { seedEvents } from './support/seed-events';
import { MEMBERSHIP_MESSAGES } from '../src/modules/memberships/memberships.rules';
import { SendMembershipReceiptHandler } from '../src/modules/memberships/send-membership-receipt.handler';
import type { AuthUser } from '../src/infrastructure/auth/auth-user';
import { bearerFor, completeOnboarding } from './support/auth';
import { waitForRebuild, watchHandler } from './support/eventually';
import { createTestApp, TestApp } from './support/test-app';

const FORBIDDEN = 'No tienes permiso para realizar esta acción.';

/** Issue 40, point 2: the desk sells memberships, the member reads theirs, and credits hold under concurrency. */
describe('memberships and class credits (e2e)', () => {
  let t: TestApp;
  let db: Client;
  let staff: string;
  const staffUser: AuthUser = { userId: randomUUID(), email: 'recepcion@pulso.sv', firstName: 'Rosa', lastName: 'Staff', role: 'staff', secondFactor: true };
  const http = () => request(t.app.getHttpServer());
  const today = () => localDateOf(new Date());

  /** A member the desk can find: they finished the wizard, so their contact is known. */
  async function member(firstName: string): Promise<{ userId: string; bearer: string; email: string }> {
    const userId = randomUUID();
    const email = `${firstName.toLowerCase()}-${userId.slice(0, 8)}@example.com`;
    const bearer = await bearerFor(t, { userId, email, firstName });
    await completeOnboarding(t, bearer);
    return { userId, bearer, email };
  }

  const sell = (userId: string, body: object, key?: string) => {
    const pending = http().post(`/api/staff/members/${userId}/membership/sales`).set('Authorization', staff);
    return (key ? pending.set('Idempotency-Key', key) : pending).send(body);
  };
  const receipts = async (email: string) =>
    Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM mail_outbox WHERE kind = 'membership-receipt' AND recipient = $1`, [email])).rows[0].n);
  const streamLength = async (userId: string) => (await t.app.get(EventStore).readStream(memberStreamName(userId))).length;

  beforeAll(async () => {
    t = await createTestApp();
    db = new Client({ connectionString: t.database.url });
    await db.connect();
    staff = await bearerFor(t, { role: 'staff', userId: staffUser.userId, email: staffUser.email, firstName: 'Rosa', lastName: 'Staff' });
  });

  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  it('records a desk sale, shows it to the member only, and mails the receipt once, even when the desk retries', async () => {
    const ana = await member('Ana');
    const beto = await member('Beto');
    const mailer = watchHandler(t.app, SendMembershipReceiptHandler);
    const key = randomUUID();
    const body = { planId: 'four-classes', paymentMethod: 'efectivo', reference: 'REC-0042' };
    const sold = await sell(ana.userId, body, key).expect(200);
    expect(sold.body).toEqual({
      userId: ana.userId,
      sharedWith: [],
      membership: {
        planId: 'four-classes',
        planTitle: '4 Classes',
        status: 'active',
        unlimited: false,
        classesLeft: 4,
        classesPerPeriod: 4,
        validFrom: today(),
        validUntil: addDays(today(), 27),
        frozenFrom: null,
        holder: true,
        people: 1,
      },
    });
    // The same request again (a double click, a lost answer): the same answer, nothing more recorded.
    const length = await streamLength(ana.userId);
    expect((await sell(ana.userId, body, key).expect(200)).body).toEqual(sold.body);
    expect(await streamLength(ana.userId)).toBe(length);
    await mailer.drained();
    expect(await receipts(ana.email)).toBe(1);
    const mail = (
      await db.query<{ subject: string; text_body: string }>(
        `SELECT subject, text_body FROM mail_outbox WHERE kind = 'membership-receipt' AND recipient = $1`,
        [ana.email],
      )
    ).rows[0];
    expect(mail.subject).toBe('Recibo: tu membresía 4 Classes');
    expect(mail.text_body).toContain('Referencia: REC-0042');
    expect(mail.text_body).toContain('Total: $45.00 USD');
    mailer.restore();

    const mine = await http().get('/api/memberships/me').set('Authorization', ana.bearer).expect(200);
    expect(mine.body.membership).toEqual(sold.body.membership);
    // Beto sees his own (none), never Ana's; and the desk's routes are not his.
    const his = await http().get('/api/memberships/me').set('Authorization', beto.bearer).expect(200);
    expect(his.body).toEqual({ membership: null });
    expect(JSON.stringify(his.body)).not.toContain(ana.userId);
    for (const [method, path] of [
      ['get', `/api/staff/members/${ana.userId}/membership`],
      ['post', `/api/staff/members/${ana.userId}/membership/sales`],
      ['post', `/api/staff/members/${ana.userId}/membership/purchase-confirmations`],
      ['post', `/api/staff/members/${ana.userId}/membership/freeze`],
      ['post', `/api/staff/members/${ana.userId}/membership/unfreeze`],
      ['get', '/api/staff/memberships/expiring'],
      ['get', '/api/staff/memberships/plans'],
    ] as const) {
      const response = await http()[method](path).set('Authorization', beto.bearer).send(body);
      expect({ path, status: response.status, error: response.body.error }).toEqual({ path, status: 403, error: FORBIDDEN });
    }
    await http().get('/api/memberships/me').expect(401);
    expect((await http().get(`/api/staff/members/${ana.userId}/membership`).set('Authorization', staff).expect(200)).body.membership.classesLeft).toBe(4);
  });

  it('refuses bad input in Spanish and stores nothing', async () => {
    const carla = await member('Carla');
    const before = await streamLength(carla.userId);
    const cases: [object, number, string][] = [
      [{ planId: 'gold', paymentMethod: 'efectivo', reference: 'R1' }, 400, MEMBERSHIP_MESSAGES.unknownPlan],
      [{ planId: 'athlete', paymentMethod: 'bitcoin', reference: 'R1' }, 400, MEMBERSHIP_MESSAGES.unknownPaymentMethod],
      [{ planId: 'athlete', paymentMethod: 'tarjeta' }, 400, MEMBERSHIP_MESSAGES.referenceRequired],
      [{ planId: 'athlete', paymentMethod: 'tarjeta', reference: 'x'.repeat(81) }, 400, MEMBERSHIP_MESSAGES.referenceTooLong],
      [{ planId: 'athlete', paymentMethod: 'cortesia' }, 400, MEMBERSHIP_MESSAGES.courtesyOnlyTrial],
      [
        { planId: 'athlete-couples', paymentMethod: 'tarjeta', reference: 'R1' },
        400,
        'El plan Athlete Couples se comparte con 1 miembro: indica exactamente 1.',
      ],
      [{ planId: 'athlete-couples', paymentMethod: 'tarjeta', reference: 'R1', sharedWith: ['nadie-conocido'] }, 404, MEMBERSHIP_MESSAGES.sharedMemberNotFound],
      [{ planId: 'athlete', billing: 'mensual', paymentMethod: 'tarjeta', reference: 'R1' }, 400, MEMBERSHIP_MESSAGES.unknownBilling],
    ];
    for (const [body, status, error] of cases) {
      const response = await sell(carla.userId, body);
      expect({ body, status: response.status, error: response.body.error }).toEqual({ body, status, error });
    }
    expect((await sell(randomUUID(), { planId: 'athlete', paymentMethod: 'efectivo', reference: 'R1' }).expect(404)).body.error).toBe(
      MEMBERSHIP_MESSAGES.memberNotFound,
    );
    expect((await http().post(`/api/staff/members/${carla.userId}/membership/freeze`).set('Authorization', staff).expect(404)).body.error).toBe(
      MEMBERSHIP_MESSAGES.noMembership,
    );
    expect(await streamLength(carla.userId)).toBe(before);
    expect((await http().get('/api/memberships/me').set('Authorization', carla.bearer).expect(200)).body).toEqual({ membership: null });
  });

  it('confirms a payment-link purchase, freezes and unfreezes, and lists the trial that ends this week', async () => {
    const dani = await member('Dani');
    const confirmed = await http()
      .post(`/api/staff/members/${dani.userId}/membership/purchase-confirmations`)
      .set('Authorization', staff)
      .send({ planId: 'elite', billing: 'recurring', reference: 'pi_3Q8x' })
      .expect(200);
    expect(confirmed.body.membership).toMatchObject({ planId: 'elite', unlimited: true, classesLeft: null, status: 'active' });
    const frozen = await http().post(`/api/staff/members/${dani.userId}/membership/freeze`).set('Authorization', staff).expect(200);
    expect(frozen.body.membership).toMatchObject({ status: 'frozen', frozenFrom: today() });
    expect((await http().post(`/api/staff/members/${dani.userId}/membership/freeze`).set('Authorization', staff).expect(409)).body.error).toBe(
      MEMBERSHIP_MESSAGES.alreadyFrozen,
    );
    await expect(t.app.get(CommandBus).execute(new UseClassCredit(dani.userId, 'frozen-booking', staffUser))).rejects.toMatchObject({
      message: MEMBERSHIP_MESSAGES.frozen,
    });
    const unfrozen = await http().post(`/api/staff/members/${dani.userId}/membership/unfreeze`).set('Authorization', staff).expect(200);
    expect(unfrozen.body.membership).toMatchObject({ status: 'active', frozenFrom: null, validUntil: confirmed.body.membership.validUntil });

    const eva = await member('Eva');
    await sell(eva.userId, { planId: 'platform-trial', paymentMethod: 'cortesia' }).expect(200);
    const expiring = await http().get('/api/staff/memberships/expiring').set('Authorization', staff).expect(200);
    expect(expiring.body).toMatchObject({ from: today(), to: addDays(today(), 6) });
    const rows = expiring.body.memberships as { userId: string; firstName: string; membership: { planId: string; validUntil: string } }[];
    expect(rows.filter((row) => row.userId === eva.userId)).toEqual([
      expect.objectContaining({
        userId: eva.userId,
        firstName: 'Eva',
        email: eva.email,
        membership: expect.objectContaining({ planId: 'platform-trial', validUntil: addDays(today(), 6) }),
      }),
    ]);
    // Dani's month does not end this week.
    expect(rows.some((row) => row.userId === dani.userId)).toBe(false);
    expect((await sell(eva.userId, { planId: 'platform-trial', paymentMethod: 'cortesia' }).expect(409)).body.error).toBe(MEMBERSHIP_MESSAGES.trialUsed);
  });

  it('uses exactly as many credits as are left when 20 bookings ask at once, and one per booking id however often it asks', async () => {
    const fede = await member('Fede');
    await sell(fede.userId, { planId: 'four-classes', paymentMethod: 'tarjeta', reference: 'AUT-1' }).expect(200);
    const commands = t.app.get(CommandBus);
    await commands.execute(new UseClassCredit(fede.userId, 'first', staffUser));
    // Three left; twenty bookings at once.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => commands.execute(new UseClassCredit(fede.userId, `burst-${index}`, staffUser))),
    );
    const used = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(used).toHaveLength(3);
    expect(refused.map((outcome) => (outcome.reason as Error).message)).toEqual(Array(17).fill(MEMBERSHIP_MESSAGES.noClassesLeft));
    expect((await http().get('/api/memberships/me').set('Authorization', fede.bearer).expect(200)).body.membership.classesLeft).toBe(0);
    const events = await t.app.get(EventStore).readStream(memberStreamName(fede.userId));
    expect(events.filter((event) => event.type === 'ClassCreditUsed')).toHaveLength(4);

    // A return, then the same booking retried ten times at once: it got its credit back once and never uses another.
    const winner = `burst-${outcomes.findIndex((outcome) => outcome.status === 'fulfilled')}`;
    const back = await Promise.all(Array.from({ length: 5 }, () => commands.execute(new ReturnClassCredit(fede.userId, winner, staffUser))));
    expect(back.every((result) => result.applied && result.classesLeft === 1)).toBe(true);
    await Promise.all(Array.from({ length: 10 }, () => commands.execute(new UseClassCredit(fede.userId, winner, staffUser))));
    const after = await t.app.get(EventStore).readStream(memberStreamName(fede.userId));
    expect(after.filter((event) => event.type === 'ClassCreditReturned')).toHaveLength(1);
    expect(after.filter((event) => event.type === 'ClassCreditUsed')).toHaveLength(4);
    expect((await http().get('/api/memberships/me').set('Authorization', fede.bearer).expect(200)).body.membership.classesLeft).toBe(1);
  });

  it('shares a couples pool with the named partner, who sees it and books from it', async () => {
    const gabi = await member('Gabi');
    const hugo = await member('Hugo');
    const sold = await sell(gabi.userId, { planId: 'athlete-couples', paymentMethod: 'transferencia', reference: 'TRF 991', sharedWith: [hugo.userId] }).expect(
      200,
    );
    expect(sold.body).toMatchObject({ sharedWith: [hugo.userId], membership: { classesLeft: 24, people: 2 } });
    const his = await http().get('/api/memberships/me').set('Authorization', hugo.bearer).expect(200);
    expect(his.body.membership).toMatchObject({ planId: 'athlete-couples', holder: false, classesLeft: 24 });
    const result = await t.app.get(CommandBus).execute(new UseClassCredit(hugo.userId, randomUUID(), staffUser));
    expect(result).toMatchObject({ holderId: gabi.userId, applied: true, classesLeft: 23 });
    expect((await http().get('/api/memberships/me').set('Authorization', gabi.bearer).expect(200)).body.membership.classesLeft).toBe(23);
  });

  it('rebuilds the memberships to the same state without sending a receipt again', async () => {
    const ines = await member('Ines');
    const mailer = watchHandler(t.app, SendMembershipReceiptHandler);
    await sell(ines.userId, { planId: 'casual', paymentMethod: 'efectivo', reference: 'REC-7' }).expect(200);
    await sell(ines.userId, { planId: 'casual', paymentMethod: 'efectivo', reference: 'REC-8' }).expect(200);
    await mailer.drained();
    expect(await receipts(ines.email)).toBe(2);
    const handled = mailer.handled();
    const before = (await http().get('/api/memberships/me').set('Authorization', ines.bearer).expect(200)).body;
    expect(before.membership).toMatchObject({ classesLeft: 16 });
    const outbox = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM mail_outbox')).rows[0].n);

    const started = await http().post('/api/staff/projections/member_memberships/rebuild').set('Authorization', staff).expect(202);
    await waitForRebuild(t.app, staff, started.body);
    await mailer.drained();
    expect(mailer.handled()).toBe(handled);
    expect(Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM mail_outbox')).rows[0].n)).toBe(outbox);
    expect((await http().get('/api/memberships/me').set('Authorization', ines.bearer).expect(200)).body).toEqual(before);
    mailer.restore();
  });

  it('records the expiry of a membership past its last day once, and no class is used from it', async () => {
    const jose = await member('Jose');
    // A 4 Classes pack sold five weeks ago, seeded as the desk recorded it then.
    const soldOn = addDays(today(), -35);
    const occurredAt = `${soldOn}T18:00:00.000Z`;
    const eventId = randomUUID();
    const membershipId = randomUUID();
    const position = await seedEvents(t.app.get(EventStore), memberStreamName(jose.userId), [
      {
        type: 'MembershipSold',
        data: {
          membershipId,
          planId: 'four-classes',
          planTitle: '4 Classes',
          classes: 4,
          sharedWith: [],
          validFrom: soldOn,
          validUntil: addDays(soldOn, 27),
          payment: { channel: 'desk', method: 'efectivo', reference: 'REC-OLD', billing: 'one-time', amountUsd: 45 },
          receiptId: membershipId,
          occurredAt,
        },
        metadata: { eventId, correlationId: eventId, causationId: eventId, actor: { userId: staffUser.userId, role: 'staff' }, occurredAt, schemaVersion: 1 },
      },
    ]);
    expect((await t.app.get(ProjectionEngine).waitFor(position, { projections: ['member_memberships'] }, 15_000)).reached).toBe(true);
    // Read as ended before the sweep records it.
    expect((await http().get('/api/memberships/me').set('Authorization', jose.bearer).expect(200)).body.membership).toMatchObject({
      status: 'expired',
      classesLeft: 4,
    });

    const scheduler = t.app.get(MembershipExpiryScheduler);
    expect(await scheduler.sweep()).toBeGreaterThanOrEqual(1);
    const expired = (await t.app.get(EventStore).readStream(memberStreamName(jose.userId))).filter((event) => event.type === 'MembershipExpired');
    expect(expired.map((event) => event.data)).toEqual([
      expect.objectContaining({ membershipId, reason: 'ended', validUntil: addDays(soldOn, 27), classesLeft: 4 }),
    ]);
    // A second pass finds nothing left to expire for Jose.
    await scheduler.sweep();
    expect((await t.app.get(EventStore).readStream(memberStreamName(jose.userId))).filter((event) => event.type === 'MembershipExpired')).toHaveLength(1);
    expect((await http().get('/api/memberships/me').set('Authorization', jose.bearer).expect(200)).body.membership).toMatchObject({ status: 'expired' });
    await expect(t.app.get(CommandBus).execute(new UseClassCredit(jose.userId, randomUUID(), staffUser))).rejects.toMatchObject({
      message: MEMBERSHIP_MESSAGES.noMembership,
    });
  });
});

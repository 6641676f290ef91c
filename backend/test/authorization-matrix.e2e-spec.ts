import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ProjectionEngine } from '../src/infrastructure/projections/projection-engine';
import { HEART_RATE_NOTICE_VERSION } from '../src/modules/heart-rate/heart-rate.rules';
import { HEALTH_DATA_NOTICE_VERSION } from '../src/modules/privacy/consents.rules';
import { RIGHTS_REQUEST_TYPES } from '../src/modules/privacy/rights-requests.rules';
import { bearerFor, completeOnboarding, WIZARD_PROFILE } from './support/auth';
import { eventually } from './support/eventually';
import { fillPath, Operation, operationsOf } from './support/openapi-operations';
import { errorBodyProblems, forgedBearer, ForgedKind } from './support/reliability';
import { Access, declaredAccess } from './support/route-access';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Issue 10, point 5: every operation of docs/openapi.json against every kind of caller.
 * Member B always aims at member A's resources (A's enrolment, A's plan progress) and must
 * get "not found" or only their own data; nothing of A may appear in B's answers.
 */

type Caller = 'anonymous' | ForgedKind | 'memberB' | 'staff' | 'memberA';

interface World {
  userA: string;
  userB: string;
  emailA: string;
  secretGoalA: string;
  enrollmentA: string;
  planA: string;
  otherPlan: string;
  planWorkoutA: string;
  workoutId: string;
  runningId: string;
  projectionName: string;
  /** Member A's booking of a class (its date and slot). */
  bookingA: string;
  classDate: string;
  classSlot: string;
}

interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

interface Expectation {
  access: Access;
  /** public: every caller's status. member: member A's on A's own resources. staff: staff's. */
  status: number;
  /** Member routes: member B on A's resources (defaults to `status`: B's own data, checked for leaks). */
  other?: number;
  /** Member routes called by a staff account as a member (defaults to `other`). */
  staff?: number;
  call?: (world: World) => Call;
}

const NOT_FOUND = 404;

let rightsFiled = 0;
const byEnrollment = (world: World): Call => ({ params: { id: world.enrollmentA } });

/** The expected answer of every operation. An operation missing here fails the suite. */
const EXPECTED: Record<string, Expectation> = {
  'GET /api/config': { access: 'public', status: 200 },
  'GET /api/health/live': { access: 'public', status: 200 },
  'GET /api/health/ready': { access: 'public', status: 200 },
  'GET /api/identity/.well-known/jwks.json': { access: 'public', status: 200 },
  'POST /api/identity/sign-up': { access: 'public', status: 400, call: () => ({ body: {} }) },
  'POST /api/identity/verification-code': { access: 'public', status: 400, call: () => ({ body: {} }) },
  'POST /api/identity/verify-email': { access: 'public', status: 400, call: () => ({ body: {} }) },
  'POST /api/identity/sign-in': { access: 'public', status: 400, call: () => ({ body: {} }) },
  'POST /api/identity/refresh': { access: 'public', status: 204 },
  'POST /api/identity/sign-out': { access: 'public', status: 204 },
  'POST /api/identity/second-factor': { access: 'public', status: 400, call: () => ({ body: {} }) },
  'POST /api/users/register': { access: 'public', status: 400, call: () => ({ body: {} }) },
  'GET /api/free-class/schedule': { access: 'public', status: 200 },
  'POST /api/free-class/cancellation/preview': { access: 'public', status: 400, call: () => ({ body: { token: 'hola' } }) },
  'POST /api/free-class/cancellation': { access: 'public', status: 400, call: () => ({ body: { token: 'hola' } }) },
  'GET /api/media/{publicId}': { access: 'public', status: 404, call: () => ({ params: { publicId: 'no-existe' } }) },
  'GET /api/media/{publicId}/thumbnail': { access: 'public', status: 404, call: () => ({ params: { publicId: 'no-existe' } }) },
  // Public, but only behind a member's secret token; an unknown one is a 404 for everyone.
  'GET /api/calendar/{file}': { access: 'public', status: 404, call: () => ({ params: { file: `${'A'.repeat(43)}.ics` } }) },

  'GET /api/identity/me': { access: 'member', status: 200 },
  'GET /api/identity/second-factor': { access: 'member', status: 200 },
  // Only staff accounts of the local provider enrol; the matrix's callers have signed tokens but no local account.
  'POST /api/identity/second-factor/enrollment': { access: 'member', status: 403 },
  'POST /api/identity/second-factor/enrollment/confirm': { access: 'member', status: 400, call: () => ({ body: {} }) },
  'GET /api/plans': { access: 'member', status: 200 },
  'GET /api/workouts': { access: 'member', status: 200 },
  'GET /api/workouts/{id}': { access: 'member', status: 200, call: (w) => ({ params: { id: w.workoutId } }) },
  'GET /api/running-workouts': { access: 'member', status: 200 },
  'GET /api/running-workouts/{id}': { access: 'member', status: 200, call: (w) => ({ params: { id: w.runningId } }) },
  'GET /api/platform-users/profile': { access: 'member', status: 200 },
  'GET /api/platform-users/onboarding-status': { access: 'member', status: 200 },
  'PUT /api/platform-users/profile': {
    access: 'member',
    status: 200,
    call: () => ({ body: { profile: { fitnessLevel: 'advanced' }, completeOnboarding: false } }),
  },
  'GET /api/enrollments': { access: 'member', status: 200 },
  'POST /api/enrollments': { access: 'member', status: 201, call: (w) => ({ body: { planId: w.otherPlan } }) },
  'GET /api/enrollments/{id}/current': { access: 'member', status: 200, other: NOT_FOUND, call: byEnrollment },
  'POST /api/enrollments/{id}/pause': { access: 'member', status: 200, other: NOT_FOUND, call: byEnrollment },
  'POST /api/enrollments/{id}/resume': { access: 'member', status: 200, other: NOT_FOUND, call: byEnrollment },
  'DELETE /api/enrollments/{id}': { access: 'member', status: 200, other: NOT_FOUND, call: byEnrollment },
  'POST /api/progress/complete': {
    access: 'member',
    status: 200,
    other: NOT_FOUND,
    call: (w) => ({ body: { workoutId: w.planWorkoutA, planId: w.planA, enrollmentId: w.enrollmentA } }),
  },
  'GET /api/progress': { access: 'member', status: 200 },
  'GET /api/heart-rate/profile': { access: 'member', status: 200 },
  'GET /api/heart-rate/sessions/{completionId}/readings': { access: 'member', status: 404, call: () => ({ params: { completionId: randomUUID() } }) },
  'PUT /api/heart-rate/max': { access: 'member', status: 200, call: () => ({ body: { maxHr: null } }) },
  'GET /api/studio-class/board-name': { access: 'member', status: 200 },
  'PUT /api/studio-class/board-name': { access: 'member', status: 200, call: () => ({ body: { showName: false } }) },
  'PUT /api/heart-rate/consent': { access: 'member', status: 200, call: () => ({ body: { granted: false, noticeVersion: HEART_RATE_NOTICE_VERSION } }) },
  'GET /api/progress/stats': { access: 'member', status: 200 },
  'GET /api/timer/presets': { access: 'member', status: 200 },
  'POST /api/timer/presets': {
    access: 'member',
    status: 201,
    call: () => ({ body: { name: `Prueba ${randomUUID().slice(0, 8)}`, workSec: 30, restSec: 15, rounds: 6, sets: 1, setRestSec: 0 } }),
  },
  'DELETE /api/timer/presets/{id}': { access: 'member', status: 404, call: () => ({ params: { id: randomUUID() } }) },
  'GET /api/challenges': { access: 'member', status: 200 },
  'PUT /api/challenges/leaderboard-preference': { access: 'member', status: 200, call: () => ({ body: { visible: false, showName: false } }) },
  'GET /api/challenges/{challengeId}/leaderboard': { access: 'member', status: 404, call: () => ({ params: { challengeId: randomUUID() } }) },
  'POST /api/challenges/{challengeId}/join': { access: 'member', status: 404, call: () => ({ params: { challengeId: randomUUID() } }) },
  'GET /api/training/calendar': { access: 'member', status: 200, call: () => ({ query: { from: '2026-11-23', to: '2026-11-29' } }) },
  'PUT /api/training/schedule': {
    access: 'member',
    status: 200,
    call: () => ({ body: { weekdays: [1, 3, 5], time: '18:00', reminderOffsetMin: 60 } }),
  },
  'GET /api/training/calendar/feed': { access: 'member', status: 200 },
  'POST /api/training/calendar/feed/revoke': { access: 'member', status: 200 },
  'GET /api/email-preferences': { access: 'member', status: 200 },
  'PUT /api/email-preferences/{topic}': { access: 'member', status: 200, call: () => ({ params: { topic: 'workout-reminders' }, body: { subscribed: true } }) },
  // The signed link is the credential: a made-up token is refused whoever calls.
  'POST /api/email-preferences/opt-out': { access: 'public', status: 400, call: () => ({ body: { token: 'hola' } }) },
  'GET /api/privacy/consents': { access: 'member', status: 200 },
  'PUT /api/privacy/consents/{consent}': {
    access: 'member',
    status: 200,
    call: () => ({ params: { consent: 'health-data' }, body: { granted: true, noticeVersion: HEALTH_DATA_NOTICE_VERSION } }),
  },
  'GET /api/privacy/export': { access: 'member', status: 200 },
  'GET /api/privacy/requests': { access: 'member', status: 200 },
  // One open request per right and member: each call files another right.
  'POST /api/privacy/requests': {
    access: 'member',
    status: 201,
    call: () => ({ body: { right: RIGHTS_REQUEST_TYPES[rightsFiled++ % RIGHTS_REQUEST_TYPES.length] } }),
  },
  'GET /api/staff/rights-requests': { access: 'staff', status: 200 },
  // A member the platform never saw: nothing to file it for.
  'POST /api/staff/rights-requests': { access: 'staff', status: 404, call: () => ({ body: { userId: randomUUID(), right: 'access' } }) },
  'PATCH /api/staff/rights-requests/{requestId}': {
    access: 'staff',
    status: 404,
    call: () => ({ params: { requestId: randomUUID() }, body: { status: 'in-progress' } }),
  },
  'GET /api/staff/members/{userId}/export': { access: 'staff', status: 200, call: (w) => ({ params: { userId: w.userA } }) },

  'GET /api/staff/event-types': { access: 'staff', status: 200 },
  'GET /api/staff/events': { access: 'staff', status: 200, call: (w) => ({ query: { member: w.userA } }) },
  'GET /api/staff/events/export.csv': { access: 'staff', status: 200 },
  'GET /api/staff/events/{eventId}': { access: 'staff', status: 404, call: () => ({ params: { eventId: randomUUID() } }) },
  'GET /api/staff/free-class-bookings': { access: 'staff', status: 200 },
  'GET /api/staff/free-class-bookings/export.csv': { access: 'staff', status: 200 },
  'POST /api/staff/free-class-bookings/{id}/outcome': {
    access: 'staff',
    status: 404,
    call: () => ({ params: { id: randomUUID() }, body: { outcome: 'attended' } }),
  },
  'GET /api/staff/mail-outbox': { access: 'staff', status: 200 },
  'GET /api/staff/members': { access: 'staff', status: 200 },
  'GET /api/staff/members/{userId}/timeline': { access: 'staff', status: 200, call: (w) => ({ params: { userId: w.userA } }) },
  // A member nobody knows: erasing userA would take the rows the other lines use.
  'POST /api/staff/members/{userId}/erasure': {
    access: 'staff',
    status: 404,
    call: () => ({ params: { userId: randomUUID() }, body: { requestId: 'SOL-1' } }),
  },
  // A member nobody knows; the desk's consent for a known one is in studio-class.e2e-spec.ts.
  'PUT /api/staff/members/{userId}/heart-rate-consent': {
    access: 'staff',
    status: 404,
    call: () => ({ params: { userId: randomUUID() }, body: { noticeVersion: HEART_RATE_NOTICE_VERSION, memberAccepted: true } }),
  },
  'GET /api/staff/projections': { access: 'staff', status: 200 },
  'POST /api/staff/projections/{name}/rebuild': { access: 'staff', status: 202, call: (w) => ({ params: { name: w.projectionName } }) },
  'POST /api/staff/projections/rebuild-all': { access: 'staff', status: 202 },
  'GET /api/staff/challenges': { access: 'staff', status: 200 },
  'POST /api/staff/challenges': { access: 'staff', status: 400, call: () => ({ body: {} }) },
  'POST /api/staff/challenges/{challengeId}/archive': { access: 'staff', status: 404, call: () => ({ params: { challengeId: randomUUID() } }) },
  'GET /api/staff/challenges/{challengeId}/participants': { access: 'staff', status: 404, call: () => ({ params: { challengeId: randomUUID() } }) },
  'GET /api/staff/challenges/{challengeId}/participants/export.csv': { access: 'staff', status: 404, call: () => ({ params: { challengeId: randomUUID() } }) },
  'GET /api/staff/studio-class': { access: 'staff', status: 200 },
  'POST /api/staff/studio-class': { access: 'staff', status: 400, call: () => ({ body: {} }) },
  'GET /api/staff/studio-class/people': { access: 'staff', status: 200 },
  'PUT /api/staff/studio-class/assignments': { access: 'staff', status: 400, call: () => ({ body: {} }) },
  'GET /api/staff/studio-class/straps': { access: 'staff', status: 200 },
  'DELETE /api/staff/studio-class/straps/{userId}': { access: 'staff', status: 404, call: () => ({ params: { userId: randomUUID() } }) },
  'POST /api/staff/studio-class/readings': { access: 'staff', status: 400, call: () => ({ body: {} }) },
  'POST /api/staff/studio-class/end': { access: 'staff', status: 404, call: () => ({ body: { sessionId: randomUUID() } }) },
  'GET /api/media/uploads/{fileName}': { access: 'public', status: 404, call: () => ({ params: { fileName: `${randomUUID()}.jpg` } }) },
  'GET /api/media/landing': { access: 'public', status: 200 },
  'GET /api/staff/media': { access: 'staff', status: 200 },
  'POST /api/staff/media/exercises/{exerciseId}': { access: 'staff', status: 400, call: () => ({ params: { exerciseId: randomUUID() } }) },
  'DELETE /api/staff/media/exercises/{exerciseId}/{mediaKind}': {
    access: 'staff',
    status: 404,
    call: () => ({ params: { exerciseId: randomUUID(), mediaKind: 'photo' } }),
  },
  'POST /api/staff/media/landing/{place}': { access: 'staff', status: 400, call: () => ({ params: { place: 'portada' } }) },
  'PATCH /api/staff/media/landing/{place}': { access: 'staff', status: 404, call: () => ({ params: { place: 'portada' }, body: { alt: 'El estudio' } }) },
  'DELETE /api/staff/media/landing/{place}': { access: 'staff', status: 404, call: () => ({ params: { place: 'entrenador-andres' } }) },
  // Memberships: member B reads only their own (none); the desk's writes aim at a member nobody knows (memberships.e2e-spec.ts sells to known ones).
  'GET /api/memberships/me': { access: 'member', status: 200 },
  'GET /api/staff/memberships/plans': { access: 'staff', status: 200 },
  'GET /api/staff/memberships/expiring': { access: 'staff', status: 200 },
  // The owner's report: counts only, never a member; bad ranges are refused before anything is read.
  'GET /api/staff/class-report': { access: 'staff', status: 200, call: () => ({ query: { from: '2026-11-02', to: '2026-11-29' } }) },
  'GET /api/staff/members/{userId}/membership': { access: 'staff', status: 200, call: (w) => ({ params: { userId: w.userA } }) },
  'POST /api/staff/members/{userId}/membership/sales': {
    access: 'staff',
    status: 404,
    call: () => ({ params: { userId: randomUUID() }, body: { planId: 'athlete', paymentMethod: 'efectivo', reference: 'REC-1' } }),
  },
  'POST /api/staff/members/{userId}/membership/purchase-confirmations': {
    access: 'staff',
    status: 404,
    call: () => ({ params: { userId: randomUUID() }, body: { planId: 'athlete', billing: 'one-time', reference: 'pi_1' } }),
  },
  'POST /api/staff/members/{userId}/membership/freeze': { access: 'staff', status: 404, call: () => ({ params: { userId: randomUUID() } }) },
  'POST /api/staff/members/{userId}/membership/unfreeze': { access: 'staff', status: 404, call: () => ({ params: { userId: randomUUID() } }) },
  // Class bookings: member A booked a class; B and staff (as a member) never reach it; the POSTs lack their Idempotency-Key.
  'GET /api/classes': { access: 'member', status: 200 },
  'GET /api/classes/bookings/me': { access: 'member', status: 200 },
  'POST /api/classes/{date}/{slotId}/bookings': {
    access: 'member',
    status: 400,
    call: (w) => ({ params: { date: w.classDate, slotId: w.classSlot }, body: { waitlist: false } }),
  },
  // Staff checked A in by then (the DELETEs run last): a seat taken is not cancelled.
  'DELETE /api/classes/bookings/{bookingId}': { access: 'member', status: 409, other: NOT_FOUND, call: (w) => ({ params: { bookingId: w.bookingA } }) },
  'GET /api/classes/bookings/{bookingId}/check-in-code': {
    access: 'member',
    status: 200,
    other: NOT_FOUND,
    call: (w) => ({ params: { bookingId: w.bookingA } }),
  },
  'GET /api/classes/bookings/{file}': { access: 'member', status: 200, other: NOT_FOUND, call: (w) => ({ params: { file: `${w.bookingA}.ics` } }) },
  'GET /api/staff/class-booking-settings': { access: 'staff', status: 200 },
  'PUT /api/staff/class-booking-settings': {
    access: 'staff',
    status: 200,
    call: () => ({
      body: { bookingOpensDays: 7, cancelCutoffHours: 2, waitlistCutoffHours: 2, lateCancelKeepsCredit: false, noShowKeepsCredit: false, reminderHours: 3 },
    }),
  },
  'GET /api/staff/classes/{date}/{slotId}/roster': { access: 'staff', status: 200, call: (w) => ({ params: { date: w.classDate, slotId: w.classSlot } }) },
  'POST /api/staff/classes/{date}/{slotId}/check-ins': {
    access: 'staff',
    status: 200,
    call: (w) => ({ params: { date: w.classDate, slotId: w.classSlot }, body: { bookingId: w.bookingA } }),
  },
  'POST /api/staff/classes/{date}/{slotId}/bookings': {
    access: 'staff',
    status: 400,
    call: (w) => ({ params: { date: w.classDate, slotId: w.classSlot }, body: { memberId: w.userA, waitlist: false } }),
  },
  'GET /api/timetable': { access: 'public', status: 200 },
  'GET /api/staff/timetable': { access: 'staff', status: 200 },
  'POST /api/staff/timetable/class-types': { access: 'staff', status: 400, call: () => ({ body: {} }) },
  'PUT /api/staff/timetable/class-types/{classTypeId}': {
    access: 'staff',
    status: 404,
    call: () => ({ params: { classTypeId: randomUUID() }, body: { name: 'Yoga', lengthMin: 60, defaultCapacity: 10 } }),
  },
  'DELETE /api/staff/timetable/class-types/{classTypeId}': { access: 'staff', status: 404, call: () => ({ params: { classTypeId: randomUUID() } }) },
  'POST /api/staff/timetable/slots': { access: 'staff', status: 400, call: () => ({ body: {} }) },
  'PUT /api/staff/timetable/slots/{slotId}': {
    access: 'staff',
    status: 404,
    call: () => ({ params: { slotId: randomUUID() }, body: { weekday: 7, startTime: '09:00', classTypeId: randomUUID(), capacity: 10 } }),
  },
  'DELETE /api/staff/timetable/slots/{slotId}': { access: 'staff', status: 404, call: () => ({ params: { slotId: randomUUID() } }) },
  'PUT /api/staff/timetable/changes': {
    access: 'staff',
    status: 404,
    call: () => ({ body: { slotId: randomUUID(), date: '2099-01-05', cancelled: true, notice: 'Cerrado' } }),
  },
  'DELETE /api/staff/timetable/changes/{slotId}/{date}': {
    access: 'staff',
    status: 404,
    call: () => ({ params: { slotId: randomUUID(), date: '2099-01-05' } }),
  },
  'PUT /api/staff/timetable/closures/{date}': { access: 'staff', status: 400, call: () => ({ params: { date: '2099-02-30' }, body: { notice: 'Cerrado' } }) },
  'DELETE /api/staff/timetable/closures/{date}': { access: 'staff', status: 404, call: () => ({ params: { date: '2099-01-05' } }) },
};

const UNAUTHORIZED = 'Debes iniciar sesión para continuar.';
const FORBIDDEN = 'No tienes permiso para realizar esta acción.';

describe('authorisation matrix from docs/openapi.json (e2e)', () => {
  let t: TestApp;
  let world: World;
  const tokens = {} as Record<Exclude<Caller, 'anonymous'>, string>;
  // DELETE last: it ends A's enrolment, which the other rows still use.
  const operations: Operation[] = operationsOf().sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await createTestApp();
    const userA = randomUUID();
    const userB = randomUUID();
    const emailA = `ana-${userA.slice(0, 8)}@example.com`;
    tokens.memberA = await bearerFor(t, { userId: userA, email: emailA, firstName: 'Ana', lastName: 'Privada' });
    tokens.memberB = await bearerFor(t, { userId: userB, firstName: 'Beto', lastName: 'Curioso' });
    tokens.staff = await bearerFor(t, { role: 'staff', email: 'recepcion@pulso.sv', firstName: 'Rosa', lastName: 'Staff' });
    for (const kind of ['alg-none', 'wrong-key', 'expired'] as const) tokens[kind] = await forgedBearer(t, kind, userA, true);

    const plans = (await http().get('/api/plans').set('Authorization', tokens.memberA).expect(200)).body.plans as {
      _id: string;
      workouts: { _id: string }[];
    }[];
    const sorted = [...plans].sort((a, b) => b.workouts.length - a.workouts.length);
    const secretGoalA = `Meta privada ${userA.slice(0, 8)}`;
    await http()
      .put('/api/platform-users/profile')
      .set('Authorization', tokens.memberA)
      .send({ profile: { ...WIZARD_PROFILE, goals: [secretGoalA], fitnessLevel: 'beginner', height: 171, weight: 66 }, completeOnboarding: true })
      .expect(200);
    // Plans take members who finished the wizard: B and the staff member enrol too, in their own streams.
    for (const caller of ['memberB', 'staff'] as const) await completeOnboarding(t, tokens[caller]);
    const enrollmentA = (await http().post('/api/enrollments').set('Authorization', tokens.memberA).send({ planId: sorted[0]._id }).expect(201)).body.enrollment
      ._id as string;
    await http()
      .post('/api/progress/complete')
      .set('Authorization', tokens.memberA)
      .send({ workoutId: sorted[0].workouts[0]._id, planId: sorted[0]._id, enrollmentId: enrollmentA })
      .expect(200);
    const workouts = (await http().get('/api/workouts').set('Authorization', tokens.memberA).expect(200)).body.workouts as { _id: string }[];
    const running = (await http().get('/api/running-workouts').set('Authorization', tokens.memberA).expect(200)).body.workouts as { _id: string }[];
    // A class member A booked: a 4 Classes pack from the desk, then the first class that takes bookings.
    await http()
      .post(`/api/staff/members/${userA}/membership/sales`)
      .set('Authorization', tokens.staff)
      .set('Idempotency-Key', randomUUID())
      .send({ planId: 'four-classes', paymentMethod: 'efectivo', reference: 'REC-1' })
      .expect(200);
    const days = (await http().get('/api/classes').set('Authorization', tokens.memberA).expect(200)).body.days as {
      classes: { date: string; slotId: string; bookable: boolean }[];
    }[];
    const bookable = days.flatMap((day) => day.classes).find((entry) => entry.bookable)!;
    const bookingA = (
      await http()
        .post(`/api/classes/${bookable.date}/${bookable.slotId}/bookings`)
        .set('Authorization', tokens.memberA)
        .set('Idempotency-Key', randomUUID())
        .send({ waitlist: false })
        .expect(201)
    ).body.bookingId as string;
    world = {
      bookingA,
      classDate: bookable.date,
      classSlot: bookable.slotId,
      userA,
      userB,
      emailA,
      secretGoalA,
      enrollmentA,
      planA: sorted[0]._id,
      otherPlan: sorted[1]._id,
      planWorkoutA: sorted[0].workouts[1]._id,
      workoutId: workouts[0]._id,
      runningId: running[0]._id,
      projectionName: t.app.get(ProjectionEngine).registered()[0].name,
    };
  });

  afterAll(async () => {
    await t?.close();
  });

  async function rebuildsSettled(): Promise<void> {
    const engine = t.app.get(ProjectionEngine);
    await eventually(async () =>
      expect((await engine.status({ withTotals: false })).filter((status) => status.rebuild).map((status) => status.name)).toEqual([]),
    );
  }

  it('has an expectation for every operation of docs/openapi.json, and none for a route that is gone', () => {
    const documented = operations.map((operation) => operation.key);
    expect(documented.filter((key) => !EXPECTED[key])).toEqual([]);
    expect(Object.keys(EXPECTED).filter((key) => !documented.includes(key))).toEqual([]);
  });

  it('marks public and staff routes exactly as the controllers declare them (@Public, @Roles)', () => {
    const declared = declaredAccess(t);
    const mismatches = operations
      .filter((operation) => EXPECTED[operation.key])
      .map((operation) => ({ operation: operation.key, table: EXPECTED[operation.key].access, code: declared.get(operation.key) }))
      .filter((row) => row.table !== row.code);
    expect(mismatches).toEqual([]);
  });

  it('answers every operation × caller as expected, and member B never sees member A', async () => {
    const callers: Caller[] = ['anonymous', 'alg-none', 'wrong-key', 'expired', 'memberB', 'staff', 'memberA'];
    const failures: string[] = [];
    const leaks: string[] = [];
    const secretsOfA = [world.userA, world.emailA, world.enrollmentA, world.secretGoalA];
    let cells = 0;
    for (const operation of operations) {
      const expectation = EXPECTED[operation.key];
      if (!expectation) continue;
      for (const caller of callers) {
        const wanted = expectedStatus(expectation, caller);
        const call = expectation.call?.(world) ?? {};
        let pending = http()[operation.method](fillPath(operation.path, call.params ?? {}));
        if (call.query) pending = pending.query(call.query);
        // A distinct client address per request keeps the public routes' rate limits out of this matrix.
        pending = pending.set('X-Forwarded-For', `10.${(cells >> 16) & 255}.${(cells >> 8) & 255}.${cells & 255}`);
        if (caller !== 'anonymous') pending = pending.set('Authorization', tokens[caller]);
        // Rebuild requests wait for earlier rebuilds to finish, so the cells after them read settled read models.
        const rebuilds = operation.method === 'post' && operation.path.includes('/projections/');
        if (rebuilds) await rebuildsSettled();
        const response = call.body === undefined ? await pending : await pending.send(call.body as object);
        if (rebuilds) await rebuildsSettled();
        cells++;
        if (response.status !== wanted)
          failures.push(`${operation.key} as ${caller}: ${response.status}, expected ${wanted} ${JSON.stringify(response.body).slice(0, 160)}`);
        if (response.status >= 400) {
          for (const problem of errorBodyProblems(response.status, response.body, response.text)) failures.push(`${operation.key} as ${caller}: ${problem}`);
          if (response.status === 401 && response.body.error !== UNAUTHORIZED && expectation.access !== 'public')
            failures.push(`${operation.key} as ${caller}: 401 sin el texto de sesión`);
          if (response.status === 403 && response.body.error !== FORBIDDEN) failures.push(`${operation.key} as ${caller}: 403 sin el texto de permiso`);
        }
        if (caller === 'memberB' || (caller === 'staff' && expectation.access !== 'staff')) {
          const text = response.text ?? '';
          for (const secret of secretsOfA) if (text.includes(secret)) leaks.push(`${operation.key} as ${caller} shows ${secret}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(leaks).toEqual([]);
    expect(cells).toBe(operations.length * callers.length);
  });
});

function expectedStatus(expectation: Expectation, caller: Caller): number {
  if (expectation.access === 'public') return expectation.status;
  if (caller === 'anonymous' || caller === 'alg-none' || caller === 'wrong-key' || caller === 'expired') return 401;
  if (expectation.access === 'staff') return caller === 'staff' ? expectation.status : 403;
  if (caller === 'memberA') return expectation.status;
  if (caller === 'memberB') return expectation.other ?? expectation.status;
  return expectation.staff ?? expectation.other ?? expectation.status;
}

import { installFakeBackend, makeTestStore } from '../testing/fake-members-backend';
import { PROGRESS_QUERY, api } from './api';

const emptyCurrent = { currentWorkout: null, nextWorkout: null, progress: { current: 1, total: 1, percentComplete: 0 } };

function setup() {
  const backend = installFakeBackend({
    'GET /api/platform-users/profile': { body: { user: { email: 'a@b.c' } } },
    'GET /api/platform-users/onboarding-status': { body: { onboardingCompleted: true } },
    'GET /api/progress/stats': { body: { stats: { totalWorkouts: 1 } } },
    'GET /api/progress': { body: { progress: [], pagination: { total: 0, limit: 100, offset: 0 } } },
    'GET /api/enrollments': { body: { enrollments: [{ _id: 'e1', planId: 'p1', status: 'active', currentIndex: 0 }] } },
    'GET /api/enrollments/e1/current': { body: emptyCurrent },
    'POST /api/progress/complete': { status: 201, body: {} },
    'PUT /api/platform-users/profile': { body: { user: { email: 'a@b.c' } } },
  });
  const store = makeTestStore();
  const subscriptions = [
    store.dispatch(api.endpoints.getMemberProfile.initiate()),
    store.dispatch(api.endpoints.getOnboardingStatus.initiate()),
    store.dispatch(api.endpoints.getProgressStats.initiate()),
    store.dispatch(api.endpoints.listProgress.initiate(PROGRESS_QUERY)),
    store.dispatch(api.endpoints.listMemberEnrollments.initiate()),
    store.dispatch(api.endpoints.getCurrentWorkout.initiate({ id: 'e1' })),
  ];
  const count = () => ({
    profile: backend.calls('GET /api/platform-users/profile').length,
    onboarding: backend.calls('GET /api/platform-users/onboarding-status').length,
    stats: backend.calls('GET /api/progress/stats').length,
    progress: backend.calls('GET /api/progress').length,
    enrollments: backend.calls('GET /api/enrollments').length,
    current: backend.calls('GET /api/enrollments/e1/current').length,
  });
  return { store, backend, count, ready: () => Promise.all(subscriptions) };
}

describe('member endpoints: what each mutation refreshes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a plan completion refreshes stats, progress, enrolments and the current workout, not the profile', async () => {
    const { store, count, ready } = setup();
    await ready();
    expect(count()).toEqual({ profile: 1, onboarding: 1, stats: 1, progress: 1, enrollments: 1, current: 1 });
    await store.dispatch(
      api.endpoints.completeWorkout.initiate({ 'idempotency-key': 'k0', completeWorkoutDto: { workoutId: 'w1', planId: 'p1', enrollmentId: 'e1' } }),
    );
    await vi.waitFor(() => expect(count()).toEqual({ profile: 1, onboarding: 1, stats: 2, progress: 2, enrollments: 2, current: 2 }));
  });

  it('a running completion refreshes stats and progress only', async () => {
    const { store, count, ready } = setup();
    await ready();
    await store.dispatch(
      api.endpoints.completeWorkout.initiate({ 'idempotency-key': 'k2', completeWorkoutDto: { workoutId: 'r1', isRunning: true, duration: 60 } }),
    );
    await vi.waitFor(() => expect(count()).toMatchObject({ stats: 2, progress: 2 }));
    expect(count()).toMatchObject({ enrollments: 1, current: 1, profile: 1 });
  });

  it('the completion carries its idempotency key as the Idempotency-Key header', async () => {
    const { store, backend, ready } = setup();
    await ready();
    await store.dispatch(
      api.endpoints.completeWorkout.initiate({
        'idempotency-key': 'k1',
        completeWorkoutDto: { workoutId: 'w1', planId: 'p1', enrollmentId: 'e1', durationSec: 1500 },
      }),
    );
    const [sent] = backend.calls('POST /api/progress/complete');
    expect(sent.headers.get('Idempotency-Key')).toBe('k1');
    expect(sent.body).toEqual({ workoutId: 'w1', planId: 'p1', enrollmentId: 'e1', durationSec: 1500 });
  });

  it('the profile page save refreshes the profile but not the onboarding status; the wizard refreshes both', async () => {
    const { store, count, ready } = setup();
    await ready();
    const profile = { dateOfBirth: null, gender: null, height: null, weight: null, fitnessLevel: 'beginner' as const, goals: [] };
    await store.dispatch(api.endpoints.updateMemberProfile.initiate({ 'idempotency-key': 'k3', updateProfileDto: { profile, completeOnboarding: false } }));
    await vi.waitFor(() => expect(count()).toMatchObject({ profile: 2, onboarding: 1 }));
    await store.dispatch(api.endpoints.updateMemberProfile.initiate({ 'idempotency-key': 'k4', updateProfileDto: { profile, completeOnboarding: true } }));
    await vi.waitFor(() => expect(count()).toMatchObject({ profile: 3, onboarding: 2 }));
    expect(count()).toMatchObject({ stats: 1, enrollments: 1 });
  });

  it('a failed stats read shows zeros instead of an error', async () => {
    const { store, backend, ready } = setup();
    backend.on('GET /api/progress/stats', { status: 400, body: {} });
    await ready();
    const result = await store.dispatch(api.endpoints.getProgressStats.initiate(undefined, { forceRefetch: true }));
    expect(result.isError).toBe(false);
    expect(result.data?.stats).toMatchObject({ totalWorkouts: 0, achievements: [], recentWorkouts: [] });
  });
  it('a generated read is retried after a 503, and a 404 enrolment list means none', async () => {
    const { store, backend } = setup();
    let answers = 0;
    backend.on('GET /api/platform-users/profile', () =>
      ++answers === 1 ? { status: 503, body: {} } : { body: { user: { email: 'a@b.c', firstName: 'Ana' } } },
    );
    backend.on('GET /api/enrollments', { status: 404, body: {} });
    const profile = await store.dispatch(api.endpoints.getMemberProfile.initiate());
    expect(answers).toBe(2);
    expect(profile.data?.user).toMatchObject({ firstName: 'Ana' });
    const enrollments = await store.dispatch(api.endpoints.listMemberEnrollments.initiate());
    expect(enrollments.isError).toBe(false);
    expect(enrollments.data).toEqual({ enrollments: [] });
  });

  it('a mutation is never retried', async () => {
    const { store, backend } = setup();
    backend.on('POST /api/enrollments', { status: 503, body: {} });
    const result = await store.dispatch(api.endpoints.enrollInPlan.initiate({ 'idempotency-key': 'k5', createEnrollmentDto: { planId: 'p1' } }));
    expect('error' in result && result.error).toBeTruthy();
    expect(backend.calls('POST /api/enrollments')).toHaveLength(1);
  });

  it('the heart-rate profile is refreshed by a consent decision and by a profile save (the date of birth moves the max), not by a completion', async () => {
    const backend = installFakeBackend({
      'GET /api/heart-rate/profile': { body: { consent: { granted: false, noticeVersion: null, at: null } } },
      'PUT /api/heart-rate/consent': { body: { consent: { granted: true, noticeVersion: 'v1', at: '2026-11-24T15:00:00.000Z' } } },
      'PUT /api/platform-users/profile': { body: { user: { email: 'a@b.c' } } },
      'POST /api/progress/complete': { body: {} },
    });
    const store = makeTestStore();
    const heartRateReads = () => backend.calls('GET /api/heart-rate/profile').length;
    await store.dispatch(api.endpoints.getHeartRateProfile.initiate());
    await store.dispatch(api.endpoints.updateHeartRateConsent.initiate({ updateHeartRateConsentDto: { granted: true, noticeVersion: 'v1' } }));
    await vi.waitFor(() => expect(heartRateReads()).toBe(2));
    const profile = { dateOfBirth: '1990-01-01T12:00:00.000Z', gender: null, height: null, weight: null, fitnessLevel: null, goals: [] };
    await store.dispatch(api.endpoints.updateMemberProfile.initiate({ 'idempotency-key': 'k6', updateProfileDto: { profile, completeOnboarding: false } }));
    await vi.waitFor(() => expect(heartRateReads()).toBe(3));
    await store.dispatch(
      api.endpoints.completeWorkout.initiate({ 'idempotency-key': 'k7', completeWorkoutDto: { workoutId: 'r1', isRunning: true, duration: 60 } }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heartRateReads()).toBe(3);
  });

  it('a staff outcome refreshes the staff lists it shows in', async () => {
    const backend = installFakeBackend({
      'GET /api/staff/free-class-bookings': { body: { items: [] } },
      'POST /api/staff/free-class-bookings/b1/outcome': { body: {} },
    });
    const store = makeTestStore();
    await store.dispatch(api.endpoints.listStaffFreeClassBookings.initiate({}));
    await store.dispatch(api.endpoints.recordStaffFreeClassOutcome.initiate({ id: 'b1', recordOutcomeDto: { outcome: 'attended' } }));
    await vi.waitFor(() => expect(backend.calls('GET /api/staff/free-class-bookings')).toHaveLength(2));
  });
});

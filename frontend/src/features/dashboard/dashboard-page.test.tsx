import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixtures, installFakeBackend, renderMemberPage, type FakeHandler } from '../../shared/testing/fake-members-backend';
import { DashboardPage } from './dashboard-page';

const plan = (id: string, title: string) => ({ _id: id, title, difficulty: 'beginner', totalWorkouts: 10 });
const current = (title: string, next: string | null) => ({
  currentWorkout: { _id: `w-${title}`, title, goal: 'Fuerza general', estDurationSec: 1800, totalRounds: 3 },
  nextWorkout: next ? { _id: `w-${next}`, title: next, estDurationSec: 1200 } : null,
  progress: { current: 3, total: 10, percentComplete: 20 },
});

function setup(overrides: Record<string, FakeHandler> = {}) {
  const backend = installFakeBackend({
    'GET /api/platform-users/onboarding-status': { body: { onboardingCompleted: true } },
    'GET /api/platform-users/profile': { body: { user: fixtures.user } },
    'GET /api/progress/stats': { body: { stats: fixtures.stats } },
    'GET /api/enrollments': {
      body: {
        enrollments: [
          { _id: 'e1', planId: plan('p1', 'Base Pausada'), status: 'paused', currentIndex: 2 },
          { _id: 'e2', planId: plan('p2', 'Fuerza 8 semanas'), status: 'active', currentIndex: 2 },
        ],
      },
    },
    'GET /api/enrollments/e1/current': { body: current('Movilidad', null) },
    'GET /api/enrollments/e2/current': { body: current('Pierna y Core', 'Empuje') },
    ...overrides,
  });
  const view = renderMemberPage(<DashboardPage />, { path: '/training' });
  return { backend, ...view };
}

// Rendering whole pages with user-event is slow on a busy CI machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

describe('dashboard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends members who have not onboarded to /onboarding', async () => {
    const { router } = setup({ 'GET /api/platform-users/onboarding-status': { body: { onboardingCompleted: false } } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
  });

  it('sends members without enrolments to /training/plans, also on a 404', async () => {
    const { router } = setup({ 'GET /api/enrollments': { status: 404, body: { error: 'Recurso no encontrado.' } } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/training/plans'));
  });

  it('greets by first name, or Atleta', async () => {
    setup({ 'GET /api/platform-users/profile': { body: { user: { ...fixtures.user, firstName: '' } } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Atleta' })).toBeInTheDocument();
  });

  it('starts on the first active plan and shows its workout, progress and next one', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, María' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Pierna y Core' })).toBeInTheDocument();
    expect(screen.getByLabelText('Plan')).toHaveValue('e2');
    expect(screen.getByText('Entrenamiento 3 de 10')).toBeInTheDocument();
    expect(screen.getByText(/Empuje/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Comenzar Entrenamiento/ })).toHaveAttribute('href', '/workout/w-Pierna y Core/plan/p2/enrollment/e2');
  });

  it("disables a paused plan's start with 'Plan Pausado' and the reactivation message", async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await screen.findByRole('heading', { name: 'Pierna y Core' });
    await user.selectOptions(screen.getByLabelText('Plan'), 'e1');
    expect(await screen.findByRole('heading', { name: 'Movilidad' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Plan Pausado/ })).toBeDisabled();
    expect(screen.getByText(/Reactívalo desde la página de/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Comenzar Entrenamiento/ })).not.toBeInTheDocument();
  });

  it('celebrates a finished plan', async () => {
    setup({
      'GET /api/enrollments': { body: { enrollments: [{ _id: 'e3', planId: plan('p3', 'Reto 2 semanas'), status: 'completed', currentIndex: 10 }] } },
      'GET /api/enrollments/e3/current': { body: { currentWorkout: null, nextWorkout: null, progress: { current: 10, total: 10, percentComplete: 100 } } },
    });
    expect(await screen.findByText('¡Has completado todos los entrenamientos de este plan!')).toBeInTheDocument();
    expect(screen.queryByLabelText('Plan')).not.toBeInTheDocument();
  });

  it('shows plan cards with status badges, recent activity and achievements', async () => {
    setup();
    const plans = await screen.findByRole('region', { name: 'Mis planes' });
    expect(within(within(plans).getByRole('article', { name: 'Base Pausada' })).getByText('Pausado')).toBeInTheDocument();
    expect(within(within(plans).getByRole('article', { name: 'Fuerza 8 semanas' })).getByText('Activo')).toBeInTheDocument();
    const recent = await screen.findByRole('region', { name: 'Actividad reciente' });
    expect(await within(recent).findByText('Fuerza Total')).toBeInTheDocument();
    const achievements = screen.getByRole('region', { name: 'Logros' });
    expect(within(achievements).getByText('3 días seguidos')).toBeInTheDocument();
  });

  describe("this month's Puntos Pulso", () => {
    const withHeartRate = (heartRate: object) => ({
      'GET /api/progress/stats': {
        body: {
          stats: {
            ...fixtures.stats,
            heartRate: {
              consented: true,
              thisMonthPoints: 640,
              thisWeekPoints: 120,
              totalPoints: 2100,
              monthlyPointsTarget: 1300,
              sessions: 9,
              badgeSessions: 2,
              ...heartRate,
            },
          },
        },
      },
    });

    it('shows the points against the monthly target the API serves', async () => {
      setup(withHeartRate({}));
      const card = await screen.findByRole('region', { name: 'Puntos Pulso del mes' });
      expect(within(card).getByTestId('dashboard-month-points')).toHaveTextContent('640 / 1,300');
      expect(card).toHaveTextContent('Te faltan 660 para tu meta mensual.');
      const ring = within(card).getByRole('progressbar');
      expect(ring).toHaveAttribute('aria-valuenow', '640');
      expect(ring).toHaveAttribute('aria-valuemax', '1300');
    });

    it('celebrates a month at or past the target', async () => {
      setup(withHeartRate({ thisMonthPoints: 1450 }));
      const card = await screen.findByRole('region', { name: 'Puntos Pulso del mes' });
      expect(card).toHaveTextContent('1,450 / 1,300');
      expect(card).toHaveTextContent('¡Meta del mes cumplida!');
      expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1300');
    });

    it('still shows the card to a member with points who withdrew consent', async () => {
      setup(withHeartRate({ consented: false, thisMonthPoints: 0 }));
      expect(await screen.findByRole('region', { name: 'Puntos Pulso del mes' })).toHaveTextContent('0 / 1,300');
    });

    it('shows nothing to a member without consent nor points', async () => {
      setup(withHeartRate({ consented: false, thisMonthPoints: 0, totalPoints: 0, sessions: 0, badgeSessions: 0 }));
      await screen.findByRole('region', { name: 'Logros' });
      await waitFor(() => expect(screen.getByRole('region', { name: 'Logros' })).toHaveTextContent('3 días seguidos'));
      expect(screen.queryByRole('region', { name: 'Puntos Pulso del mes' })).toBeNull();
    });
  });
});

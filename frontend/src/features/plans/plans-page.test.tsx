import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeBackend, renderMemberPage, type FakeHandler } from '../../shared/testing/fake-members-backend';
import { PlansPage } from './plans-page';

const workouts = ['Día 1: Base', 'Día 2: Pierna', 'Día 3: Empuje', 'Día 4: Core'].map((title, index) => ({
  _id: `w${index}`,
  title,
  goal: 'Fuerza',
  estDurationSec: 1770,
  estDurationMin: 30,
}));
const plans = [
  { _id: 'p1', title: 'Fuerza 8 semanas', description: 'Progresión de fuerza', difficulty: 'intermediate', totalWorkouts: 24, estimatedWeeks: 8, workouts },
  {
    _id: 'p2',
    title: 'Reto Express',
    description: 'Dos semanas intensas',
    difficulty: 'beginner',
    totalWorkouts: 6,
    estimatedWeeks: 2,
    workouts: workouts.slice(0, 2),
  },
];

function setup(overrides: Record<string, FakeHandler> = {}) {
  const backend = installFakeBackend({
    'GET /api/platform-users/onboarding-status': { body: { onboardingCompleted: true } },
    'GET /api/plans': { body: { plans } },
    'GET /api/enrollments': {
      body: { enrollments: [{ _id: 'e1', planId: { _id: 'p1', title: 'Fuerza 8 semanas', totalWorkouts: 24 }, status: 'active', currentIndex: 6 }] },
    },
    'GET /api/progress/stats': { body: { stats: {} } },
    'POST /api/enrollments': { status: 201, body: { enrollment: { _id: 'e2' } } },
    'DELETE /api/enrollments/e1': { body: {} },
    ...overrides,
  });
  return { backend, ...renderMemberPage(<PlansPage />, { path: '/training/plans' }) };
}

// Rendering whole pages with user-event is slow on a busy CI machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

describe('plans page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the current-plan banner, 'Plan Actual' without details, and length labels", async () => {
    setup();
    const banner = await screen.findByRole('region', { name: /Fuerza 8 semanas/ });
    expect(within(banner).getByText('6 de 24 entrenamientos completados')).toBeInTheDocument();
    const enrolled = await screen.findByRole('article', { name: 'Fuerza 8 semanas' });
    expect(within(enrolled).getByText('Plan Actual')).toBeInTheDocument();
    expect(within(enrolled).getByText('Dos meses')).toBeInTheDocument();
    expect(within(enrolled).queryByRole('button', { name: /Ver detalles/ })).not.toBeInTheDocument();
    const other = screen.getByRole('article', { name: 'Reto Express' });
    expect(within(other).getByText('Programa corto')).toBeInTheDocument();
  });

  it('previews the first 3 workouts and enrols, then opens the dashboard', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend, router } = setup({ 'GET /api/enrollments': { status: 404, body: {} } });
    await user.click(await screen.findByRole('button', { name: 'Ver detalles de Fuerza 8 semanas' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Día 1: Base')).toBeInTheDocument();
    expect(within(dialog).getByText('Día 3: Empuje')).toBeInTheDocument();
    expect(within(dialog).queryByText('Día 4: Core')).not.toBeInTheDocument();
    expect(within(dialog).getByText('y 21 entrenamientos más.')).toBeInTheDocument();
    // Each workout's length as the API serves it (ADR 0290), not recomputed from its seconds.
    expect(within(dialog).getAllByText('30 min')).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: 'Comenzar este plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/training'));
    expect(backend.calls('POST /api/enrollments')[0]?.body).toEqual({ planId: 'p1' });
    expect(backend.calls('POST /api/enrollments')[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the server error inside the plan dialog when enrolment fails', async () => {
    const nativeAlert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = userEvent.setup({ delay: null });
    setup({ 'POST /api/enrollments': { status: 409, body: { error: 'Ya estás inscrito en este plan', message: 'Ya estás inscrito en este plan' } } });
    await user.click(await screen.findByRole('button', { name: 'Ver detalles de Reto Express' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Comenzar este plan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ya estás inscrito en este plan');
    expect(nativeAlert).not.toHaveBeenCalled();
  });

  it('sends a member who has not finished onboarding to /onboarding, as the dashboard does', async () => {
    const { router } = setup({ 'GET /api/platform-users/onboarding-status': { body: { onboardingCompleted: false } } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
  });

  it('opens /onboarding when the server refuses the enrolment because the wizard is unfinished', async () => {
    const user = userEvent.setup({ delay: null });
    const refusal = {
      error: 'Completa tu perfil antes de inscribirte en un plan.',
      message: 'Completa tu perfil antes de inscribirte en un plan.',
      details: { reason: 'onboarding-incomplete' },
    };
    const { router } = setup({ 'POST /api/enrollments': { status: 409, body: refusal } });
    await user.click(await screen.findByRole('button', { name: 'Ver detalles de Reto Express' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Comenzar este plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
  });

  it('abandons only after confirmation and refreshes the enrolments', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend } = setup();
    const enrolled = await screen.findByRole('article', { name: 'Fuerza 8 semanas' });
    await user.click(within(enrolled).getByRole('button', { name: 'Abandonar' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(backend.calls('DELETE /api/enrollments/e1')).toHaveLength(0);

    backend.on('GET /api/enrollments', { body: { enrollments: [] } });
    await user.click(within(enrolled).getByRole('button', { name: 'Abandonar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí, abandonar' }));
    await waitFor(() => expect(backend.calls('DELETE /api/enrollments/e1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Plan Actual')).not.toBeInTheDocument());
    expect(backend.calls('GET /api/enrollments')).toHaveLength(2);
  });

  it("says 'No hay planes disponibles' when the catalogue is empty", async () => {
    setup({ 'GET /api/plans': { body: { plans: [] } } });
    expect(await screen.findByText('No hay planes disponibles')).toBeInTheDocument();
  });
  it("offers 'Reactivar' on a paused enrolment and refreshes the list once it is active again", async () => {
    const user = userEvent.setup({ delay: null });
    let status = 'paused';
    const enrollments = () => ({
      body: { enrollments: [{ _id: 'e1', planId: { _id: 'p1', title: 'Fuerza 8 semanas', totalWorkouts: 24 }, status, currentIndex: 6 }] },
    });
    const { backend } = setup({
      'GET /api/enrollments': enrollments,
      'POST /api/enrollments/e1/resume': () => {
        status = 'active';
        return { body: { enrollment: { _id: 'e1', status: 'active' } } };
      },
    });
    const enrolled = await screen.findByRole('article', { name: 'Fuerza 8 semanas' });
    await user.click(within(enrolled).getByRole('button', { name: 'Reactivar Fuerza 8 semanas' }));
    await waitFor(() => expect(within(enrolled).queryByRole('button', { name: /Reactivar/ })).not.toBeInTheDocument());
    const [resume] = backend.calls('POST /api/enrollments/e1/resume');
    expect(resume.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(backend.calls('GET /api/enrollments')).toHaveLength(2);
  });
});

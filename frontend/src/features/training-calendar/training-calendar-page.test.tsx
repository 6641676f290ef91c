import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeBackend, renderMemberPage, type FakeHandler } from '../../shared/testing/fake-members-backend';
import { TrainingCalendarPage } from './training-calendar-page';

// Sunday 22 November 2026, 14:00 in San Salvador.
const NOW = new Date('2026-11-22T20:00:00.000Z');
const RECOMMENDED = { weekdays: [1, 3, 5], time: '18:00', reminderOffsetMin: 60 };
const PLAN = { enrollmentId: 'e1', planId: 'p1', title: 'Arranque Pulso', total: 6, nextPosition: 2 };
const workout = (id: string, title: string) => ({ _id: id, title, estDurationSec: 1200 });
const FEED = { url: 'http://localhost/api/calendar/abc.ics', webcalUrl: 'webcal://localhost/api/calendar/abc.ics' };
const PREFERENCES = { preferences: [{ topic: 'workout-reminders', label: 'Recordatorios de entrenamiento', subscribed: true }] };

function setup(calendar: object, overrides: Record<string, FakeHandler> = {}) {
  const backend = installFakeBackend({
    'GET /api/training/calendar': { body: calendar },
    'GET /api/training/calendar/feed': { body: FEED },
    'GET /api/email-preferences': { body: PREFERENCES },
    ...overrides,
  });
  return { backend, ...renderMemberPage(<TrainingCalendarPage />, { path: '/training/calendario' }) };
}

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

describe('workout calendar page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    // A phone: the page opens on the week.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for the week it shows and preselects the recommended days for a member without a schedule', async () => {
    const { backend } = setup({ today: '2026-11-22', schedule: null, recommended: RECOMMENDED, plan: null, days: [] });
    expect(await screen.findByText(/Te sugerimos lunes, miércoles y viernes/)).toBeInTheDocument();
    expect(backend.calls('GET /api/training/calendar')[0]!.search).toBe('?from=2026-11-16&to=2026-11-22');
    const days = screen.getByRole('group', { name: 'Días de entrenamiento' });
    expect(within(days).getAllByRole('button', { pressed: true })).toHaveLength(3);
    for (const name of ['lunes', 'miércoles', 'viernes']) expect(within(days).getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('3 días por semana: justo lo recomendado.')).toBeInTheDocument();
  });

  it('shows done, planned and missed days of the week and saves a new schedule', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend } = setup(
      {
        today: '2026-11-22',
        schedule: RECOMMENDED,
        recommended: RECOMMENDED,
        plan: PLAN,
        days: [
          { date: '2026-11-16', status: 'done', workouts: [workout('w1', 'Activación Express')] },
          { date: '2026-11-18', status: 'missed', workouts: [] },
          { date: '2026-11-20', status: 'done', workouts: [workout('w2', 'Full Body en Casa')] },
        ],
      },
      { 'PUT /api/training/schedule': ({ body }) => ({ body }) },
    );
    const monday = (await screen.findByText('Activación Express')).closest('li')!;
    expect(monday).toHaveAttribute('data-date', '2026-11-16');
    expect(within(monday).getByText('Completado')).toBeInTheDocument();
    const wednesday = document.querySelector('[data-date="2026-11-18"]')!;
    expect(wednesday).toHaveTextContent('Sin entrenar');
    expect(wednesday).toHaveTextContent('Tu plan pasó al siguiente día.');
    expect(screen.getByText(/te toca el entrenamiento 2 de 6/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'sábado' }));
    await user.selectOptions(screen.getByLabelText('Cuándo enviar el recordatorio'), '30');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Horario guardado. Tu calendario ya lo sigue.')).toBeInTheDocument();
    expect(backend.calls('PUT /api/training/schedule')[0]!.body).toEqual({ weekdays: [1, 3, 5, 6], time: '18:00', reminderOffsetMin: 30 });
  });

  it('lays out the next week when asked, with the plan planned on its days', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend } = setup({ today: '2026-11-22', schedule: RECOMMENDED, recommended: RECOMMENDED, plan: PLAN, days: [] });
    await screen.findByText(/te toca el entrenamiento/);
    backend.on('GET /api/training/calendar', {
      body: {
        today: '2026-11-22',
        schedule: RECOMMENDED,
        recommended: RECOMMENDED,
        plan: PLAN,
        days: [{ date: '2026-11-23', status: 'planned', position: 2, workouts: [workout('w2', 'Full Body en Casa')] }],
      },
    });
    await user.click(screen.getByRole('button', { name: 'Semana siguiente' }));
    const monday = (await screen.findByText('Full Body en Casa')).closest('li')!;
    expect(monday).toHaveTextContent('6:00 p. m. · 2 de 6');
    expect(backend.calls('GET /api/training/calendar').at(-1)!.search).toBe('?from=2026-11-23&to=2026-11-29');
    expect(screen.getByRole('button', { name: 'Volver a hoy' })).toBeInTheDocument();
  });

  it('turns reminders off through the email preference', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend } = setup(
      { today: '2026-11-22', schedule: RECOMMENDED, recommended: RECOMMENDED, plan: PLAN, days: [] },
      { 'PUT /api/email-preferences/workout-reminders': ({ body }) => ({ body: { preferences: [{ ...PREFERENCES.preferences[0], ...(body as object) }] } }) },
    );
    const reminders = await screen.findByRole('switch', { name: 'Recibir un recordatorio por correo' });
    expect(reminders).toHaveAttribute('aria-checked', 'true');
    await user.click(reminders);
    await waitFor(() => expect(backend.calls('PUT /api/email-preferences/workout-reminders')[0]?.body).toEqual({ subscribed: false }));
  });

  it('says so when the calendar cannot load', async () => {
    setup({}, { 'GET /api/training/calendar': { status: 500, body: { error: 'Error interno.', message: 'Error interno.' } } });
    expect(await screen.findByText(/No pudimos cargar tu calendario/, undefined, { timeout: 15_000 })).toBeInTheDocument();
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixtures, installFakeBackend, renderMemberPage, type FakeHandler } from '../../shared/testing/fake-members-backend';
import { ProgressPage } from './progress-page';

const record = (date: string, title: string | null, extra: object = {}) => ({
  _id: `${date}-${title}`,
  completedAt: new Date(`${date}T18:00:00-06:00`).toISOString(),
  workoutId: title ? { title, estDurationSec: 1800 } : null,
  planId: { title: 'Fuerza 8 semanas' },
  ...extra,
});

// Today is Sunday 22 November 2026 in El Salvador; the oldest record is in late October.
const records = [
  ...Array.from({ length: 11 }, (_, index) => record(`2026-11-${String(10 + index).padStart(2, '0')}`, `Sesión ${index + 1}`)),
  record('2026-10-20', null, { planId: null, durationSec: 600 }),
];

function setup(overrides: Record<string, FakeHandler> = {}) {
  const backend = installFakeBackend({
    'GET /api/progress/stats': { body: { stats: fixtures.stats } },
    'GET /api/progress': { body: { progress: records, pagination: { total: records.length, limit: 100, offset: 0 } } },
    ...overrides,
  });
  return { backend, ...renderMemberPage(<ProgressPage />, { path: '/training/progress' }) };
}

// Rendering whole pages with user-event is slow on a busy CI machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

describe('progress page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T20:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the four stat cards, total time as h m, and asks for 100 records', async () => {
    const { backend } = setup();
    const stats = await screen.findByRole('list', { name: 'Estadísticas' });
    await waitFor(() => expect(stats).toHaveTextContent('3 días'));
    expect(stats).toHaveTextContent('12');
    expect(stats).toHaveTextContent('5h 20m');
    expect(stats).toHaveTextContent('Planes activos');
    await waitFor(() => expect(backend.calls('GET /api/progress')[0]?.search).toBe('?limit=100&offset=0'));
  });

  it('pages the weekly chart with the disable rules and resets the offset when the mode changes', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    const activity = await screen.findByRole('region', { name: 'Actividad' });
    const previous = within(activity).getByRole('button', { name: 'Periodo anterior' });
    const next = within(activity).getByRole('button', { name: 'Periodo siguiente' });
    expect(within(activity).getByText('26 oct – 22 nov 2026')).toBeInTheDocument();
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();

    await user.click(previous);
    expect(within(activity).getByText('28 sep – 25 oct 2026')).toBeInTheDocument();
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();
    const table = within(activity).getByRole('table');
    expect(within(table).getByRole('row', { name: /19 de octubre de 2026/ })).toHaveTextContent('1');

    await user.click(within(activity).getByRole('button', { name: 'Mensual' }));
    expect(within(activity).getByText('jun – nov 2026')).toBeInTheDocument();
    expect(next).toBeDisabled();
    expect(previous).toBeDisabled();
    expect(within(within(activity).getByRole('table')).getByRole('row', { name: /nov 2026/ })).toHaveTextContent('11');
  });

  it("lists the 10 latest in 'Historial Reciente' with the fallbacks", async () => {
    setup({
      'GET /api/progress': {
        body: { progress: [record('2026-11-21', null, { planId: null, durationSec: 600 }), ...records.slice(0, 11)], pagination: { total: 12, limit: 100, offset: 0 } },
      },
    });
    const history = await screen.findByRole('region', { name: 'Historial Reciente' });
    const items = within(history).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(items[0]).toHaveTextContent('21');
    expect(items[0]).toHaveTextContent('Entrenamiento');
    expect(items[0]).toHaveTextContent('10 min · Entrenamiento libre');
    expect(items[1]).toHaveTextContent('Sesión 11');
    expect(items[1]).toHaveTextContent('30 min · Fuerza 8 semanas');
  });

  it('shows achievements with unlock dates and progress', async () => {
    setup();
    const achievements = await screen.findByRole('region', { name: 'Logros' });
    await waitFor(() => expect(within(achievements).getByRole('listitem', { name: '3 días seguidos' })).toHaveTextContent('Desbloqueado el 20 de noviembre de 2026'));
    expect(within(achievements).getByRole('listitem', { name: '10 entrenamientos' })).toHaveTextContent('7 / 10');
  });

  it("shows the empty state with 'Comenzar a Entrenar'", async () => {
    setup({ 'GET /api/progress': { body: { progress: [], pagination: { total: 0, limit: 100, offset: 0 } } }, 'GET /api/progress/stats': { status: 400, body: {} } });
    expect(await screen.findByText('No hay entrenamientos registrados aún')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Comenzar a Entrenar' })).toHaveAttribute('href', '/training');
    // A failed stats read shows zeros, not an error.
    await waitFor(() => expect(screen.getByRole('list', { name: 'Estadísticas' })).toHaveTextContent('0 días'));
    expect(screen.getByRole('list', { name: 'Estadísticas' })).toHaveTextContent('0 min');
  });

  it("reports 'Failed to fetch progress' when the history cannot load", async () => {
    setup({ 'GET /api/progress': { status: 403, body: {} } });
    expect(await screen.findByText(/Failed to fetch progress/)).toBeInTheDocument();
  });
});

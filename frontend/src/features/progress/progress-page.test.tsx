import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixtures, installFakeBackend, renderMemberPage, type FakeHandler } from '../../shared/testing/fake-members-backend';
import { heartRateProfile } from '../../shared/testing/heart-rate-fixtures';
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
        body: {
          progress: [record('2026-11-21', null, { planId: null, durationSec: 600 }), ...records.slice(0, 11)],
          pagination: { total: 12, limit: 100, offset: 0 },
        },
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
    await waitFor(() =>
      expect(within(achievements).getByRole('listitem', { name: '3 días seguidos' })).toHaveTextContent('Desbloqueado el 20 de noviembre de 2026'),
    );
    expect(within(achievements).getByRole('listitem', { name: '10 entrenamientos' })).toHaveTextContent('7 / 10');
  });

  it("shows the empty state with 'Comenzar a Entrenar'", async () => {
    setup({
      'GET /api/progress': { body: { progress: [], pagination: { total: 0, limit: 100, offset: 0 } } },
      'GET /api/progress/stats': { status: 400, body: {} },
    });
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

  describe('with heart rate', () => {
    const summary = (points: number, secondsInZone: number[], extra: object = {}) => ({
      avgBpm: 142,
      maxBpm: 181,
      secondsInZone,
      secondsAtBadgeIntensity: 0,
      points,
      kcal: null,
      badge: false,
      samples: 1800,
      recovery1MinBpm: null,
      ...extra,
    });
    // Two sessions with a sensor this week (Monday 16 to Sunday 22), one in October, five without (10–14 November).
    const withSensor = [
      record('2026-11-21', 'Cardio Intenso', { heartRate: summary(58, [0, 120, 600, 900, 180], { badge: true, avgBpm: 151 }) }),
      record('2026-11-18', 'Fuerza Total', { heartRate: summary(23, [300, 600, 255, 45, 0]) }),
      ...records.slice(0, 5),
      record('2026-10-22', 'Carrera suave', { heartRate: summary(40, [0, 1200, 0, 0, 0]) }),
    ];

    function setupWithHeartRate() {
      return setup({
        'GET /api/progress': { body: { progress: withSensor, pagination: { total: withSensor.length, limit: 100, offset: 0 } } },
        'GET /api/heart-rate/profile': { body: heartRateProfile(true) },
      });
    }

    it('toggles the chart between workouts and Puntos Pulso, per week and per month', async () => {
      const user = userEvent.setup({ delay: null });
      setupWithHeartRate();
      const activity = await screen.findByRole('region', { name: 'Actividad' });
      const show = within(activity).getByRole('group', { name: 'Mostrar' });
      expect(within(show).getByRole('button', { name: 'Entrenamientos' })).toHaveAttribute('aria-pressed', 'true');
      const week = () => within(within(activity).getByRole('table')).getByRole('row', { name: /16 de noviembre de 2026/ });
      // The week of 16 November: two workouts (18 and 21 November)…
      expect(week()).toHaveTextContent(/^16 de noviembre de 20262$/);

      await user.click(within(show).getByRole('button', { name: 'Puntos Pulso' }));
      expect(within(show).getByRole('button', { name: 'Puntos Pulso' })).toHaveAttribute('aria-pressed', 'true');
      expect(within(activity).getByRole('table')).toHaveTextContent('Puntos Pulso por semana');
      // … and 58 + 23 points; the sessions without a sensor add none.
      expect(week()).toHaveTextContent(/^16 de noviembre de 202681$/);

      await user.click(within(activity).getByRole('button', { name: 'Mensual' }));
      const table = within(activity).getByRole('table');
      expect(within(table).getByRole('row', { name: /nov 2026/ })).toHaveTextContent(/81$/);
      expect(within(table).getByRole('row', { name: /oct 2026/ })).toHaveTextContent(/40$/);
    });

    it("shows the time in zones of the latest sessions in the served colours, and heart rate on 'Historial Reciente'", async () => {
      setupWithHeartRate();
      const zones = await screen.findByRole('region', { name: 'Tiempo en zonas' });
      await waitFor(() => expect(within(zones).getAllByTestId('zones-bar')).toHaveLength(3));
      const [latest] = within(zones).getAllByTestId('zones-bar');
      const segments = latest!.querySelectorAll('span');
      // Zones with time only, in order, sized by their share and coloured as the API says.
      expect([...segments].map((segment) => segment.dataset.zone)).toEqual(['2', '3', '4', '5']);
      expect((segments[2] as HTMLElement).style.width).toBe('50%');
      expect((segments[2] as HTMLElement).style.background).toBe('rgb(249, 115, 22)');
      expect(within(zones).getByRole('list', { name: 'Zonas' })).toHaveTextContent('SuaveLigeraModeradaIntensaMáxima');
      expect(zones).toHaveTextContent('21 de noviembre de 2026: Suave 0 min, Ligera 2 min, Moderada 10 min, Intensa 15 min, Máxima 3 min');
      expect(zones).toHaveTextContent('58 pts');
      // Under a minute in a zone reads in seconds, as every measured length does.
      expect(zones).toHaveTextContent('18 de noviembre de 2026: Suave 5 min, Ligera 10 min, Moderada 4 min, Intensa 45 s, Máxima 0 min');

      const history = screen.getByRole('region', { name: 'Historial Reciente' });
      const items = within(history).getAllByRole('listitem');
      expect(items[0]).toHaveTextContent('151 lpm media');
      expect(items[0]).toHaveTextContent('58 Puntos Pulso');
      expect(items[0]).toHaveTextContent('Insignia de esfuerzo');
      expect(items[1]).toHaveTextContent('23 Puntos Pulso');
      expect(items[1]).not.toHaveTextContent('Insignia');
      // A session without a sensor looks as it always did.
      expect(within(items[2]!).queryByTestId('history-heart-rate')).toBeNull();
    });

    it("invites a member who never used a sensor to 'Conectar sensor', keeps the chart as it was and asks for no zones", async () => {
      const { backend } = setup();
      const zones = await screen.findByRole('region', { name: 'Tiempo en zonas' });
      expect(zones).toHaveTextContent('Aún no tienes sesiones con sensor');
      expect(zones).toHaveTextContent('Conectar sensor');
      expect(within(zones).getByRole('link', { name: 'Ir a entrenar' })).toHaveAttribute('href', '/training');
      const activity = screen.getByRole('region', { name: 'Actividad' });
      expect(within(activity).queryByRole('group', { name: 'Mostrar' })).toBeNull();
      expect(screen.queryByTestId('history-heart-rate')).toBeNull();
      expect(backend.calls('GET /api/heart-rate/profile')).toHaveLength(0);
    });
  });
});

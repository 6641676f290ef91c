import { act, configure, fireEvent, screen, within } from '@testing-library/react';
import { installFakeBackend, renderMemberPage, type FakeHandler } from '../../../shared/testing/fake-members-backend';
import { readOutbox } from '../../../shared/api/completion-outbox';
import { IntervalTimerPage, type TimerEnvironment } from './interval-timer-page';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

const PRESET = {
  id: '0d9e7a52-3c1b-4f7e-9d2a-6b8c4e1f0a37',
  name: 'Piernas 40/20',
  workSec: 40,
  restSec: 20,
  rounds: 8,
  sets: 2,
  setRestSec: 60,
  totalSec: 1000,
  createdAt: '2026-11-22T05:00:00.000Z',
};

function environment(): Partial<TimerEnvironment> {
  return {
    clock: { now: () => Date.now() },
    soundPlayer: { unlock: () => undefined, play: () => () => undefined },
    sessionStore: sessionStorage,
    outboxStore: localStorage,
    bluetooth: null,
  };
}

function setup(overrides: Record<string, FakeHandler> = {}) {
  const backend = installFakeBackend({ 'GET /api/timer/presets': { body: { presets: [] } }, ...overrides });
  return { backend, ...renderMemberPage(<IntervalTimerPage environment={environment()} />, { path: '/training/timer' }) };
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('interval timer page', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the empty state, then a failure to load with a retry', async () => {
    const { unmount } = setup();
    expect(await screen.findByText('Aún no guardas temporizadores')).toBeInTheDocument();
    unmount();
    // A refusal that asking again will not cure (a 5xx would be retried with a backoff first).
    const again = setup({ 'GET /api/timer/presets': { status: 400, body: { message: 'Error' } } });
    expect(await screen.findByText('No pudimos cargar tus temporizadores.')).toBeInTheDocument();
    again.backend.on('GET /api/timer/presets', { body: { presets: [PRESET] } });
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Piernas 40/20' })).toBeInTheDocument();
  });

  it("shows the server's Spanish refusal when saving a timer, inline", async () => {
    const { backend } = setup({
      'POST /api/timer/presets': {
        status: 409,
        body: {
          error: 'Ya tienes un temporizador con ese nombre. Elige otro nombre.',
          message: 'Ya tienes un temporizador con ese nombre. Elige otro nombre.',
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Temporizador personalizado' });
    fireEvent.change(within(form).getByLabelText('Nombre (para guardarlo)'), { target: { value: 'Piernas' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar en mis temporizadores' }));
    expect(await within(form).findByText('Ya tienes un temporizador con ese nombre. Elige otro nombre.')).toBeInTheDocument();
    expect(backend.calls('POST /api/timer/presets')[0]!.body).toEqual({ name: 'Piernas', workSec: 40, restSec: 20, rounds: 8, sets: 2, setRestSec: 60 });
  });

  it('refuses a custom timer out of bounds without starting it', async () => {
    setup();
    const form = await screen.findByRole('form', { name: 'Temporizador personalizado' });
    fireEvent.change(within(form).getByLabelText('Rondas'), { target: { value: '100' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Empezar' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Rondas: escribe un número entero entre 1 y 99.');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('comes back paused where it was after a reload, then runs to the end and queues its save with its key while the server is down', async () => {
    // The test's clock, moving with real time too so the page's requests settle.
    vi.useFakeTimers({ now: new Date('2026-11-22T06:00:00Z'), shouldAdvanceTime: true });
    const first = setup({ 'POST /api/progress/complete': { status: 503, body: { message: 'No disponible' } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Empezar Tabata 20/10 × 8' }));
    fireEvent.click(screen.getByRole('button', { name: 'Comenzar' }));
    await advance(5_000 + 7_000);
    expect(screen.getByRole('timer', { name: 'Tiempo restante' })).toHaveTextContent('0:13');
    first.unmount();

    // A reload: the same timer, paused, 13 s left.
    const second = setup({ 'POST /api/progress/complete': { status: 503, body: { message: 'No disponible' } } });
    expect(await screen.findByRole('heading', { name: 'Tabata 20/10 × 8' })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Tiempo restante' })).toHaveTextContent('0:13');
    expect(screen.getByText(/En pausa/)).toBeInTheDocument();
    await advance(60_000);
    expect(screen.getByRole('timer', { name: 'Tiempo restante' })).toHaveTextContent('0:13');
    fireEvent.click(screen.getByRole('button', { name: 'Reanudar' }));
    await advance(233_000);
    expect(screen.getByRole('heading', { name: '¡Temporizador completado!' })).toBeInTheDocument();

    // The server is down: queued with its key, kept for later.
    fireEvent.click(screen.getByRole('button', { name: 'Guardar entrenamiento' }));
    expect(await screen.findByText(/Lo guardaremos automáticamente cuando vuelva la conexión/)).toBeInTheDocument();
    const [queued] = readOutbox(localStorage);
    expect(queued!.body).toMatchObject({
      workoutId: 'interval-timer',
      planId: null,
      enrollmentId: null,
      durationSec: 240,
      intervalTimer: { kind: 'tabata', name: 'Tabata 20/10 × 8', rounds: 8 },
    });
    const key = second.backend.calls('POST /api/progress/complete')[0]!.headers.get('Idempotency-Key');
    expect(key).toBe(queued!.idempotencyKey);
  });

  it('stops only after confirming, pausing while asking; Space pauses and resumes as in the player', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T06:00:00Z'), shouldAdvanceTime: true });
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Empezar EMOM 10 min' }));
    // Not started yet: 'Detener' simply goes back.
    fireEvent.click(screen.getByRole('button', { name: 'Detener' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Empezar EMOM 10 min' }));
    fireEvent.click(screen.getByRole('button', { name: 'Comenzar' }));
    await advance(5_000 + 30_000);
    fireEvent.keyDown(window, { key: ' ' });
    expect(screen.getByRole('button', { name: 'Reanudar' })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: ' ' });
    expect(screen.getByRole('button', { name: 'Pausar' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Detener' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Detener el temporizador?' });
    const left = screen.getByRole('timer', { name: 'Tiempo restante' }).textContent;
    await advance(20_000);
    expect(screen.getByRole('timer', { name: 'Tiempo restante' }).textContent).toBe(left);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Detener' }));
    expect(await screen.findByRole('heading', { name: 'Temporizadores clásicos' })).toBeInTheDocument();
    expect(sessionStorage.getItem('pulso.interval-timer:current')).toBeNull();
  });
});

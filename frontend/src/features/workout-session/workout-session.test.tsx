import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { makeTestStore } from '../../shared/testing/fake-members-backend';
import { OUTBOX_STORAGE_KEY, readOutbox } from '../../shared/api/completion-outbox';
import type { SessionRoute } from './session-persistence';
import type { Workout } from './session-types';
import type { SoundName } from './sound-cues';
import type { VideoLoad } from './video-preload';
import { reps, round, sampleWorkout, timed, workout } from './workout-fixtures';
import { WorkoutSession, type SessionEnvironment } from './workout-session';
import { stubRelativeRequests } from '../../shared/testing/relative-requests';
import { FakeHeartRateStrap } from '../../shared/heart-rate/fake-bluetooth';
import { COACH_VOICE_KEY } from '../../shared/speech/coach-voice-preference';
import { pickSpanishVoice, type SpeechEngine, type VoiceInfo } from '../../shared/speech/spanish-voice';
import { heartRateProfile } from '../../shared/testing/heart-rate-fixtures';
import { IdentityContext, loadingIdentity } from '../../shared/identity/identity';

// Rendering the whole player is slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

interface Played {
  sound: SoundName;
  at: number;
}

function fakeEnvironment(videoLoad: VideoLoad = async (url) => new Blob([url])) {
  const played: Played[] = [];
  const environment: Partial<SessionEnvironment> = {
    clock: { now: () => Date.now() },
    soundPlayer: {
      unlock: () => undefined,
      play: (sound, delayMs) => {
        const entry = { sound, at: Date.now() + delayMs };
        played.push(entry);
        return () => {
          // Cancelling a sound that already started does not unplay it.
          if (entry.at > Date.now()) played.splice(played.indexOf(entry), 1);
        };
      },
    },
    videoLoad,
    sessionStore: sessionStorage,
    outboxStore: localStorage,
  };
  return { environment, played };
}

const standalone: SessionRoute = { workoutId: 'w-1', planId: null, enrollmentId: null };

const member = {
  ...loadingIdentity,
  status: 'ready' as const,
  isLoaded: true,
  isSignedIn: true,
  role: 'member' as const,
  user: { userId: 'u-1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Martínez' },
};

function renderSession(source: Workout, environment: Partial<SessionEnvironment>, route: SessionRoute = standalone, initialEntries = ['/workout/w-1']) {
  const router = createMemoryRouter(
    [
      { path: '/workout/:workoutId/*', element: <WorkoutSession workout={source} route={route} environment={environment} /> },
      { path: '/training', element: <h1>Dashboard</h1> },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  const view = render(
    <IdentityContext.Provider value={member}>
      <Provider store={makeTestStore()}>
        <RouterProvider router={router} />
      </Provider>
    </IdentityContext.Provider>,
  );
  return { router, ...view };
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

const strip = () => within(screen.getByRole('region', { name: 'Temporizador' }));
const button = (name: string) => screen.getByRole('button', { name });

async function proceedToPlayer() {
  await settle();
  fireEvent.click(screen.getByRole('button', { name: /Comenzar entrenamiento|Continuar sin precargar/ }));
}

function start() {
  fireEvent.click(button('Comenzar'));
  advance(5_000);
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T06:00:00Z') });
  sessionStorage.clear();
  localStorage.clear();
  let objectUrls = 0;
  URL.createObjectURL = vi.fn(() => `blob:clip-${(objectUrls += 1)}`);
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 201, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  stubRelativeRequests();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function completionCalls() {
  return fetchMock.mock.calls.filter(([request]) => String((request as Request).url).endsWith('/api/progress/complete')).map(([request]) => request as Request);
}

describe('workout session: preload screen', () => {
  it('preloads every clip at the default quality, then proceeds to the player with the Precargado badge', async () => {
    const loaded: string[] = [];
    const { environment } = fakeEnvironment(async (url) => {
      loaded.push(url);
      return new Blob([url]);
    });
    renderSession(sampleWorkout(), environment);
    expect(screen.getByRole('heading', { name: 'Full Body Express' })).toBeInTheDocument();
    expect(screen.getByLabelText('Calidad de video')).toHaveValue('high');
    await settle();
    expect(screen.getByText('Videos listos.')).toBeInTheDocument();
    expect(loaded).toEqual(['/media/squat.mp4?quality=high', '/media/pushup.mp4?quality=high', '/media/plank.mp4?quality=high']);
    fireEvent.click(button('Comenzar entrenamiento'));
    expect(screen.getByText('Precargado')).toBeInTheDocument();
    expect(screen.queryByText('Videos no precargados')).not.toBeInTheDocument();
  });

  it('reports the failed clip by name and the partial message, and still lets the member go on', async () => {
    const { environment } = fakeEnvironment(async (url) => {
      if (url.includes('pushup')) throw new Error('HTTP 404');
      return new Blob([url]);
    });
    renderSession(sampleWorkout(), environment);
    await settle();
    expect(screen.getByText('Loaded 2 of 3 videos')).toBeInTheDocument();
    expect(screen.getByText(/Failed to load video: Flexiones/)).toBeInTheDocument();
    fireEvent.click(button('Comenzar entrenamiento'));
    start();
    fireEvent.click(button('Saltar'));
    fireEvent.click(button('Saltar'));
    expect(strip().getByRole('heading', { name: 'Flexiones' })).toBeInTheDocument();
    expect(screen.getByText('Videos no precargados')).toBeInTheDocument();
  });

  it('when every clip fails it shows the error and proceeding leaves each exercise marked as not preloaded', async () => {
    const { environment } = fakeEnvironment(async () => {
      throw new Error('offline');
    });
    renderSession(sampleWorkout(), environment);
    await settle();
    expect(screen.getByText('Failed to load videos')).toBeInTheDocument();
    fireEvent.click(button('Continuar sin precargar'));
    expect(screen.queryByText('Precargado')).not.toBeInTheDocument();
    expect(screen.getByText('Videos no precargados')).toBeInTheDocument();
  });

  it('cancel returns to idle and a quality change reloads at the new quality', async () => {
    const started: string[] = [];
    const { environment } = fakeEnvironment((url, signal) => {
      started.push(url);
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    });
    renderSession(sampleWorkout(), environment);
    expect(screen.getByText('Precargando videos...')).toBeInTheDocument();
    fireEvent.click(button('Cancelar'));
    expect(screen.getByText('Los videos no se están precargando.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Calidad de video'), { target: { value: 'low' } });
    fireEvent.click(button('Precargar videos'));
    expect(started.slice(-3)).toEqual(['/media/squat.mp4?quality=low', '/media/pushup.mp4?quality=low', '/media/plank.mp4?quality=low']);
  });

  it('leaving the page revokes every preloaded clip', async () => {
    const { environment } = fakeEnvironment();
    const { unmount } = renderSession(sampleWorkout(), environment);
    await settle();
    expect(URL.createObjectURL).toHaveBeenCalledTimes(3);
    unmount();
    expect(
      vi
        .mocked(URL.revokeObjectURL)
        .mock.calls.map(([url]) => url)
        .sort(),
    ).toEqual(['blob:clip-1', 'blob:clip-2', 'blob:clip-3']);
  });
});

describe('workout session: player', () => {
  it('runs the countdown, the timer strip, rests, reps and the finishing notice as spec section 2 describes', async () => {
    const { environment } = fakeEnvironment();
    renderSession(sampleWorkout(), environment);
    await proceedToPlayer();

    expect(screen.getByText('Ronda 1/2')).toBeInTheDocument();
    expect(screen.getByText('Ejercicio 1/2')).toBeInTheDocument();
    expect(button('Ejercicio anterior')).toBeDisabled();
    expect(button('Saltar')).toBeDisabled();

    fireEvent.click(button('Comenzar'));
    expect(screen.getByText('Prepárate')).toBeInTheDocument();
    expect(screen.getByText('El entrenamiento comenzará pronto')).toBeInTheDocument();
    expect(screen.getByText('5')).toBeInTheDocument();
    advance(2_000);
    expect(screen.getByText('3')).toBeInTheDocument();
    advance(3_000);
    expect(screen.queryByText('Prepárate')).not.toBeInTheDocument();

    expect(strip().getByText('Calentamiento')).toBeInTheDocument();
    expect(strip().getByRole('heading', { name: 'Sentadillas' })).toBeInTheDocument();
    expect(strip().getByText('Ejercicio')).toBeInTheDocument();
    expect(strip().getByRole('timer')).toHaveTextContent('0:30');
    expect(strip().getByText('NEXT: Flexiones')).toBeInTheDocument();
    expect(strip().getByText('12 reps')).toBeInTheDocument();
    expect(button('Saltar')).toBeEnabled();

    advance(10_000);
    expect(strip().getByRole('timer')).toHaveTextContent('0:20');
    expect(screen.getByLabelText('Tiempo transcurrido')).toHaveTextContent('0:10');

    advance(20_000);
    expect(strip().getByText('Descanso')).toBeInTheDocument();
    expect(screen.getByText('NEXT:')).toHaveTextContent('NEXT: Flexiones');
    expect(strip().getByRole('timer')).toHaveTextContent('0:15');
    expect(screen.getByRole('progressbar', { name: 'Progreso del entrenamiento' })).toHaveAttribute('aria-valuenow', '25');

    advance(15_000);
    expect(strip().getByText('Completar Repeticiones')).toBeInTheDocument();
    expect(strip().getByText('12 reps')).toBeInTheDocument();
    expect(strip().getByRole('timer')).toHaveTextContent('1:00');
    expect(button('Terminé')).toBeEnabled();
    fireEvent.click(button('Pausar'));
    expect(button('Terminé')).toBeDisabled();
    expect(button('Saltar')).toBeDisabled();
    fireEvent.click(button('Reanudar'));
    fireEvent.click(button('Terminé'));

    expect(strip().getByText('Descanso entre Rondas')).toBeInTheDocument();
    expect(screen.getByText('Ronda 1/2')).toBeInTheDocument();
    advance(20_000);
    expect(screen.getByText('Ronda 2/2')).toBeInTheDocument();
    expect(strip().getByText('Principal')).toBeInTheDocument();
    expect(strip().getByRole('heading', { name: 'Plancha' })).toBeInTheDocument();

    fireEvent.click(button('Saltar'));
    expect(strip().getByRole('heading', { name: 'Burpees' })).toBeInTheDocument();
    expect(strip().getByText('FINALIZANDO')).toBeInTheDocument();
    expect(strip().getByText('¡Último ejercicio del entrenamiento!')).toBeInTheDocument();
    expect(screen.getByText('Videos no precargados')).toBeInTheDocument();

    fireEvent.click(button('Ejercicio anterior'));
    expect(strip().getByRole('heading', { name: 'Plancha' })).toBeInTheDocument();
  });

  it('completes, shows the totals and saves the measured duration with an idempotency key, then goes to /training', async () => {
    const { environment } = fakeEnvironment();
    const { router } = renderSession(workout([round([timed('Plancha', 20, 0), reps('Burpees', 10, 0)], 0)]), environment, {
      workoutId: 'w-1',
      planId: 'p-1',
      enrollmentId: 'e-1',
    });
    await proceedToPlayer();
    start();
    advance(20_000);
    advance(7_000);
    fireEvent.click(button('Terminé'));

    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('¡Entrenamiento Completado!')).toBeInTheDocument();
    expect(within(dialog).getByText('Tiempo total').nextSibling).toHaveTextContent('0:27');
    expect(within(dialog).getByText('Ejercicios').nextSibling).toHaveTextContent('2');
    expect(within(dialog).getByText('Rondas').nextSibling).toHaveTextContent('1');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar y Continuar' }));
    expect(within(dialog).getByRole('button', { name: 'Guardando...' })).toBeDisabled();
    await settle();
    await settle();

    const [request] = completionCalls();
    expect(request.method).toBe('POST');
    expect(request.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await request.clone().json()).toEqual({ workoutId: 'w-1', planId: 'p-1', enrollmentId: 'e-1', durationSec: 27 });
    expect(router.state.location.pathname).toBe('/training');
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
  });

  it('a failed save stays on the modal, keeps the completion and resends it with the same key when back online', async () => {
    const { environment } = fakeEnvironment();
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderSession(workout([round([timed('Plancha', 10, 0)], 0)]), environment);
    await proceedToPlayer();
    start();
    advance(10_000);
    fireEvent.click(button('Guardar y Continuar'));
    await settle();
    await settle();

    expect(screen.getByText('¡Entrenamiento Completado!')).toBeInTheDocument();
    expect(button('Guardar y Continuar')).toBeEnabled();
    const [queued] = readOutbox(localStorage);
    expect(queued.body).toEqual({ workoutId: 'w-1', planId: null, enrollmentId: null, durationSec: 10 });
    expect(queued.memberId).toBe('u-1');
    const firstKey = completionCalls()[0].headers.get('Idempotency-Key');
    expect(queued.idempotencyKey).toBe(firstKey);

    fetchMock.mockImplementation(async () => new Response(null, { status: 201 }));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await settle();
    await settle();
    const calls = completionCalls();
    expect(calls.at(-1)!.headers.get('Idempotency-Key')).toBe(firstKey);
    expect(readOutbox(localStorage)).toEqual([]);
  });

  it("'Salir sin Guardar' goes to /training without saving", async () => {
    const { environment } = fakeEnvironment();
    const { router } = renderSession(workout([round([timed('Plancha', 10, 0)], 0)]), environment);
    await proceedToPlayer();
    start();
    advance(10_000);
    fireEvent.click(button('Salir sin Guardar'));
    expect(router.state.location.pathname).toBe('/training');
    expect(completionCalls()).toEqual([]);
  });

  it('plays the beeps, the bell and the complete sound at their moments', async () => {
    const { environment, played } = fakeEnvironment();
    renderSession(workout([round([timed('Plancha', 4, 0)], 0)]), environment);
    await proceedToPlayer();
    const pressedAt = Date.now();
    fireEvent.click(button('Comenzar'));
    const relative = () => played.map((entry) => `${entry.sound}@${entry.at - pressedAt}`);
    const expected = ['beep@2000', 'beep@3000', 'beep@4000', 'bell@5000', 'beep@6000', 'beep@7000', 'beep@8000', 'complete@9000'];
    expect(relative()).toEqual(expected);
    advance(9_000);
    expect(screen.getByText('¡Entrenamiento Completado!')).toBeInTheDocument();
    expect(relative()).toEqual(expected);
  });

  it('a completion reached by a member action plays the complete sound at once', async () => {
    const { environment, played } = fakeEnvironment();
    renderSession(workout([round([reps('Burpees', 10, 0)], 0)]), environment);
    await proceedToPlayer();
    start();
    advance(4_000);
    fireEvent.click(button('Terminé'));
    expect(played.filter((entry) => entry.sound === 'complete').map((entry) => entry.at)).toEqual([Date.now()]);
  });

  it('muting cancels what was scheduled and schedules nothing more', async () => {
    const { environment, played } = fakeEnvironment();
    renderSession(workout([round([timed('Plancha', 30, 0)], 0)]), environment);
    await proceedToPlayer();
    fireEvent.click(button('Silenciar'));
    start();
    advance(30_000);
    expect(played).toEqual([]);
    expect(button('Activar sonido')).toHaveAttribute('aria-pressed', 'true');
  });

  it('space plays and pauses, the arrows skip and go back', async () => {
    const { environment } = fakeEnvironment();
    renderSession(sampleWorkout(), environment);
    await proceedToPlayer();
    fireEvent.keyDown(window, { key: ' ' });
    expect(screen.getByText('Prepárate')).toBeInTheDocument();
    advance(5_000);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(strip().getByText('Descanso')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(strip().getByRole('heading', { name: 'Flexiones' })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(strip().getByRole('heading', { name: 'Sentadillas' })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: ' ' });
    expect(button('Reanudar')).toBeInTheDocument();
  });

  it('survives a reload: the session comes back paused where it was', async () => {
    const { environment } = fakeEnvironment();
    const first = renderSession(sampleWorkout(), environment);
    await proceedToPlayer();
    start();
    advance(30_000 + 15_000 + 8_000);
    expect(strip().getByRole('heading', { name: 'Flexiones' })).toBeInTheDocument();
    first.unmount();

    renderSession(sampleWorkout(), environment);
    await proceedToPlayer();
    expect(strip().getByRole('heading', { name: 'Flexiones' })).toBeInTheDocument();
    expect(strip().getByRole('timer')).toHaveTextContent('0:52');
    expect(screen.getByLabelText('Tiempo transcurrido')).toHaveTextContent('0:53');
    expect(button('Reanudar')).toBeInTheDocument();
    advance(10_000);
    expect(strip().getByRole('timer')).toHaveTextContent('0:52');
  });
});

describe('workout session: read from 2 m (ADR 0230)', () => {
  it('a rest names the exercise that comes next, never the one just finished, with one timer and the next clip', async () => {
    const { environment } = fakeEnvironment();
    renderSession(sampleWorkout(), environment);
    await proceedToPlayer();
    start();
    expect(screen.getByLabelText('Demostración: Sentadillas')).toBeInTheDocument();
    advance(30_000);

    expect(strip().getByText('Descanso')).toBeInTheDocument();
    expect(strip().getByRole('heading', { level: 1 })).toHaveTextContent('NEXT: Flexiones');
    expect(strip().getByText('12 reps')).toBeInTheDocument();
    expect(strip().queryByText(/Sentadillas/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('timer')).toHaveLength(1);
    expect(strip().getByRole('timer')).toHaveTextContent('0:15');
    // The demonstration previews the next movement.
    expect(screen.getByLabelText('Demostración: Flexiones')).toBeInTheDocument();
    expect(screen.queryByLabelText('Demostración: Sentadillas')).not.toBeInTheDocument();

    // The rest between rounds names the next round's first exercise.
    advance(15_000);
    fireEvent.click(button('Terminé'));
    expect(strip().getByText('Descanso entre Rondas')).toBeInTheDocument();
    expect(strip().getByRole('heading', { level: 1 })).toHaveTextContent('NEXT: Plancha');
    expect(strip().getByText('0:20', { selector: '.session-strip__next-up' })).toBeInTheDocument();
    expect(screen.getAllByRole('timer')).toHaveLength(1);
  });

  it('the last rest of the workout says so, without a demonstration', async () => {
    const { environment } = fakeEnvironment();
    renderSession(workout([round([timed('Plancha', 20, 10, '/media/plank.mp4')], 0)]), environment);
    await proceedToPlayer();
    start();
    advance(20_000);
    expect(strip().getByText('Descanso')).toBeInTheDocument();
    expect(strip().getByRole('heading', { level: 1 })).toHaveTextContent('Último descanso: ¡ya casi terminas!');
    expect(screen.queryByLabelText(/^Video:/)).not.toBeInTheDocument();
    expect(strip().getByRole('timer')).toHaveTextContent('0:10');
  });

  it('a rep exercise leads with its reps and Terminé; the 60-second timer is its time limit and still moves on at 0', async () => {
    const { environment } = fakeEnvironment();
    renderSession(workout([round([reps('Flexiones', 12, 0), timed('Plancha', 20, 0)], 0)]), environment);
    await proceedToPlayer();
    start();
    expect(strip().getByText('12 reps')).toHaveClass('session-strip__target');
    expect(button('Terminé')).toBeEnabled();
    const limit = strip().getByText('Tiempo límite').closest('.session-strip__limit');
    expect(limit).not.toBeNull();
    expect(within(limit as HTMLElement).getByRole('timer')).toHaveTextContent('1:00');
    expect(screen.getAllByRole('timer')).toHaveLength(1);
    advance(45_000);
    expect(strip().getByRole('timer')).toHaveTextContent('0:15');
    advance(15_000);
    expect(strip().getByRole('heading', { name: 'Plancha' })).toBeInTheDocument();
    expect(strip().queryByText('Tiempo límite')).not.toBeInTheDocument();
  });
});

describe('workout session: preload screen, ways out', () => {
  it('once the videos are ready, "Volver a entrenamientos" leaves for /training', async () => {
    const { environment } = fakeEnvironment();
    const { router } = renderSession(sampleWorkout(), environment);
    await settle();
    expect(screen.getByText('Videos listos.')).toBeInTheDocument();
    fireEvent.click(button('Volver a entrenamientos'));
    expect(router.state.location.pathname).toBe('/training');
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('a failed preload shows what failed and the way on, not a full bar beside "0 / 3 videos"', async () => {
    const { environment } = fakeEnvironment(async () => {
      throw new Error('offline');
    });
    renderSession(sampleWorkout(), environment);
    await settle();
    expect(screen.getByText('Failed to load videos')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(/0 \/ 3 videos/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Videos con error' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('Puedes entrenar igual: el temporizador no depende de los videos.')).toBeInTheDocument();
    expect(button('Reintentar')).toBeInTheDocument();
    expect(button('Continuar sin precargar')).toBeInTheDocument();
  });

  it('a partial preload measures the bar by the clips that landed', async () => {
    const { environment } = fakeEnvironment(async (url) => {
      if (url.includes('pushup')) throw new Error('HTTP 404');
      return new Blob([url]);
    });
    renderSession(sampleWorkout(), environment);
    await settle();
    expect(screen.getByText('2 / 3 videos')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '67');
  });
});

describe('workout session: heart rate', () => {
  function answerProfile() {
    fetchMock.mockImplementation(async (request: Request) => {
      const body = String(request.url).endsWith('/api/heart-rate/profile') ? heartRateProfile(true) : { ok: true };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
  }

  it('on a browser without Web Bluetooth explains why and runs the workout as before', async () => {
    const { environment } = fakeEnvironment();
    renderSession(sampleWorkout(), { ...environment, bluetooth: null });
    await settle();
    expect(screen.getByRole('note')).toHaveTextContent('Tu navegador no puede conectarse a sensores Bluetooth');
    expect(screen.queryByRole('button', { name: 'Conectar sensor' })).not.toBeInTheDocument();
    await proceedToPlayer();
    start();
    expect(strip().getByRole('timer')).toHaveTextContent('0:30');
    advance(10_000);
    expect(strip().getByRole('timer')).toHaveTextContent('0:20');
    expect(fetchMock.mock.calls.filter(([request]) => String((request as Request).url).includes('/api/heart-rate'))).toEqual([]);
  });

  it('keeps a sensor paired on the preload screen in the player, and a drop never touches the timer', async () => {
    answerProfile();
    const strap = new FakeHeartRateStrap();
    const { environment } = fakeEnvironment();
    renderSession(sampleWorkout(), { ...environment, bluetooth: strap.bluetooth });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(button('Conectar sensor')).toBeEnabled();
    fireEvent.click(button('Conectar sensor'));
    await settle();
    act(() => strap.emit(0x06, 160));
    expect(screen.getByTestId('hr-bpm')).toHaveTextContent('160');

    await proceedToPlayer();
    expect(screen.getByTestId('hr-zone')).toHaveTextContent('Intensa');
    start();
    for (let second = 1; second <= 10; second += 1) {
      advance(1_000);
      act(() => strap.emit(0x06, 160));
    }
    expect(strip().getByRole('timer')).toHaveTextContent('0:20');

    strap.failConnects = 1_000;
    act(() => strap.drop());
    expect(screen.getByRole('alert')).toHaveTextContent('Sensor desconectado — Reconectar');
    expect(screen.getByTestId('hr-bpm')).toHaveTextContent('--');
    advance(10_000);
    expect(strip().getByRole('timer')).toHaveTextContent('0:10');
    expect(screen.getByLabelText('Tiempo transcurrido')).toHaveTextContent('0:20');
    expect(button('Pausar')).toBeEnabled();
  });

  it('sends the BPM of each second trained with the completion, null where none was fresh', async () => {
    answerProfile();
    const strap = new FakeHeartRateStrap();
    const { environment } = fakeEnvironment();
    renderSession(workout([round([timed('Plancha', 10, 0, '/media/plank.mp4')], 0)]), { ...environment, bluetooth: strap.bluetooth });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(button('Conectar sensor')).toBeEnabled();
    fireEvent.click(button('Conectar sensor'));
    await settle();
    await proceedToPlayer();
    start();
    for (let second = 1; second <= 10; second += 1) {
      if (second <= 4) act(() => strap.emit(0x06, 119 + second));
      advance(1_000);
    }
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar y Continuar' }));
    await settle();
    await settle();

    const [request] = completionCalls();
    // The last reading (123) is shown, and sampled, until it is 5 s old.
    expect(await request.clone().json()).toMatchObject({ durationSec: 10, heartRate: { samples: [null, 120, 121, 122, 123, 123, 123, 123, null, null] } });
  });
  function answerCompletion(heartRate: unknown) {
    fetchMock.mockImplementation(async (request: Request) => {
      const url = String(request.url);
      const body = url.endsWith('/api/heart-rate/profile')
        ? heartRateProfile(true)
        : url.endsWith('/api/progress/complete')
          ? { consistent: true, duplicate: false, heartRate }
          : { ok: true };
      return new Response(JSON.stringify(body), { status: 201, headers: { 'Content-Type': 'application/json' } });
    });
  }

  async function completeAndSave() {
    await proceedToPlayer();
    start();
    advance(10_000);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar y Continuar' }));
    await settle();
    await settle();
    return dialog;
  }

  it('shows the heart-rate summary the save answered in the modal, and "Continuar" goes to /training', async () => {
    answerCompletion({
      avgBpm: 150,
      maxBpm: 171,
      points: 23,
      kcal: null,
      badge: true,
      recovery1MinBpm: null,
      samples: 10,
      secondsInZone: [0, 0, 0, 6, 4],
      secondsAtBadgeIntensity: 10,
    });
    const { environment } = fakeEnvironment();
    const { router } = renderSession(workout([round([timed('Plancha', 10, 0)], 0)]), environment);
    const dialog = await completeAndSave();

    expect(router.state.location.pathname).not.toBe('/training');
    expect(within(dialog).getByText('¡Entrenamiento Completado!')).toBeInTheDocument();
    expect(within(dialog).getByTestId('hr-summary-points')).toHaveTextContent('23');
    expect(within(dialog).getByText('FC media').nextSibling).toHaveTextContent('150 lpm');
    expect(within(dialog).getByText('Insignia de la sesión')).toBeInTheDocument();
    expect(within(dialog).queryByText('Calorías')).not.toBeInTheDocument();
    // The zones' names come from the served profile, fetched once there is a summary.
    await act(() => vi.waitFor(() => expect(within(dialog).getByText('Suave')).toBeInTheDocument()));
    const zones = within(within(dialog).getByRole('list', { name: 'Tiempo en cada zona' })).getAllByRole('listitem');
    expect(zones.map((zone) => zone.textContent)).toEqual(['Suave0 min', 'Ligera0 min', 'Moderada0 min', 'Intensa6 s', 'Máxima4 s']);
    expect(within(dialog).queryByRole('button', { name: 'Guardar y Continuar' })).not.toBeInTheDocument();
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(router.state.location.pathname).toBe('/training');
  });

  it('with heartRate null in the answer, saving goes straight to /training as before', async () => {
    answerCompletion(null);
    const { environment } = fakeEnvironment();
    const { router } = renderSession(workout([round([timed('Plancha', 10, 0)], 0)]), environment);
    await completeAndSave();

    expect(router.state.location.pathname).toBe('/training');
    expect(screen.queryByText('Puntos Pulso')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([request]) => String((request as Request).url).endsWith('/api/heart-rate/profile'))).toEqual([]);
  });
});

describe("workout session: rest on the member's terms", () => {
  it('during a rest +15 s and −15 s move the countdown on the screen and Saltar descanso goes to the next exercise', async () => {
    const { environment } = fakeEnvironment();
    renderSession(sampleWorkout(), environment);
    await proceedToPlayer();
    start();
    expect(screen.queryByRole('group', { name: 'Ajustar descanso' })).not.toBeInTheDocument();
    advance(30_000);
    const rest = within(screen.getByRole('group', { name: 'Ajustar descanso' }));
    expect(strip().getByRole('timer')).toHaveTextContent('0:15');
    fireEvent.click(rest.getByRole('button', { name: '+15 s' }));
    expect(strip().getByRole('timer')).toHaveTextContent('0:30');
    advance(10_000);
    expect(strip().getByRole('timer')).toHaveTextContent('0:20');
    fireEvent.click(rest.getByRole('button', { name: '−15 s' }));
    expect(strip().getByRole('timer')).toHaveTextContent('0:05');
    advance(2_000);
    fireEvent.click(rest.getByRole('button', { name: 'Saltar descanso' }));
    expect(strip().getByRole('heading', { name: 'Flexiones' })).toBeInTheDocument();
    expect(strip().getByRole('timer')).toHaveTextContent('1:00');
    expect(screen.queryByRole('group', { name: 'Ajustar descanso' })).not.toBeInTheDocument();
  });
});

function fakeSpeech(voices: VoiceInfo[] = [{ name: 'Paulina', lang: 'es-MX', localService: true, default: false }]) {
  const said: string[] = [];
  const speech: SpeechEngine = {
    voice: () => pickSpanishVoice(voices),
    speak: (text) => said.push(text),
    cancel: () => undefined,
    unlock: () => undefined,
    subscribe: () => () => undefined,
  };
  return { speech, said };
}

describe("workout session: the coach's voice", () => {
  const short = () => workout([round([timed('Plancha', 4, 0)], 0)]);

  it('speaks the cues in Spanish, and its 3, 2, 1 stand in for the beeps; the bell and the complete sound stay', async () => {
    const { environment, played } = fakeEnvironment();
    const { speech, said } = fakeSpeech();
    renderSession(short(), { ...environment, speech });
    await proceedToPlayer();
    expect(screen.getByRole('switch', { name: 'Voz del entrenador' })).toHaveAttribute('aria-checked', 'true');
    // Fake timers run many ticks before React renders: the batched steps' cues all reach the voice, in order.
    start();
    advance(4_000);
    expect(said).toEqual(['3', '2', '1', 'Plancha, 4 segundos', '3', '2', '1', '¡Entrenamiento completado!']);
    expect(played.map((entry) => entry.sound)).toEqual(['bell', 'complete']);
  });

  it('switched off in the player, the beeps come back and nothing more is said; the choice stays on the device', async () => {
    const { environment, played } = fakeEnvironment();
    const { speech, said } = fakeSpeech();
    renderSession(short(), { ...environment, speech });
    await proceedToPlayer();
    fireEvent.click(screen.getByRole('switch', { name: 'Voz del entrenador' }));
    expect(screen.getByRole('switch', { name: 'Voz del entrenador' })).toHaveAttribute('aria-checked', 'false');
    expect(localStorage.getItem(COACH_VOICE_KEY)).toBe('off');
    start();
    advance(4_000);
    expect(said).toEqual([]);
    expect(played.map((entry) => entry.sound)).toEqual(['beep', 'beep', 'beep', 'bell', 'beep', 'beep', 'beep', 'complete']);
  });

  it('a device without a Spanish voice keeps the beeps, and the switch says why it is off', async () => {
    const { environment, played } = fakeEnvironment();
    const { speech, said } = fakeSpeech([{ name: 'Samantha', lang: 'en-US', localService: true, default: true }]);
    renderSession(short(), { ...environment, speech });
    await proceedToPlayer();
    const toggle = screen.getByRole('switch', { name: 'Voz del entrenador' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAttribute('title', expect.stringContaining('no tiene una voz en español'));
    start();
    advance(4_000);
    expect(said).toEqual([]);
    expect(played.filter((entry) => entry.sound === 'beep')).toHaveLength(6);
  });

  it('muting silences the voice as well as the sounds', async () => {
    const { environment, played } = fakeEnvironment();
    const { speech, said } = fakeSpeech();
    renderSession(short(), { ...environment, speech });
    await proceedToPlayer();
    fireEvent.click(button('Silenciar'));
    start();
    advance(4_000);
    expect(said).toEqual([]);
    expect(played).toEqual([]);
  });
});

describe("workout session: the browser's Back", () => {
  it('asks "¿Salir del entrenamiento?" while pausing; staying carries on where it was, leaving keeps it to resume, and coming forward says where it picks up', async () => {
    const { environment } = fakeEnvironment();
    const { router } = renderSession(sampleWorkout(), environment, standalone, ['/training', '/workout/w-1']);
    await proceedToPlayer();
    start();
    advance(10_000);
    expect(strip().getByRole('timer')).toHaveTextContent('0:20');

    await act(async () => {
      await router.navigate(-1);
    });
    const dialog = screen.getByRole('dialog', { name: '¿Salir del entrenamiento?' });
    expect(router.state.location.pathname).toBe('/workout/w-1');
    expect(button('Reanudar')).toBeInTheDocument();
    advance(30_000);
    expect(strip().getByRole('timer')).toHaveTextContent('0:20');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Seguir entrenando' }));
    expect(button('Pausar')).toBeInTheDocument();
    advance(5_000);
    expect(screen.queryByRole('dialog', { name: '¿Salir del entrenamiento?' })).not.toBeInTheDocument();
    expect(strip().getByRole('timer')).toHaveTextContent('0:15');

    await act(async () => {
      await router.navigate(-1);
    });
    fireEvent.click(within(screen.getByRole('dialog', { name: '¿Salir del entrenamiento?' })).getByRole('button', { name: 'Salir' }));
    await settle();
    expect(router.state.location.pathname).toBe('/training');

    await act(async () => {
      await router.navigate(1);
    });
    expect(router.state.location.pathname).toBe('/workout/w-1');
    expect(screen.getByText('Continúa donde lo dejaste: Sentadillas, 0:15')).toBeInTheDocument();
    await proceedToPlayer();
    expect(strip().getByRole('heading', { name: 'Sentadillas' })).toBeInTheDocument();
    expect(strip().getByRole('timer')).toHaveTextContent('0:15');
    expect(button('Reanudar')).toBeInTheDocument();
  });

  it('before play and after the end, Back just leaves', async () => {
    const { environment } = fakeEnvironment();
    const { router } = renderSession(workout([round([reps('Burpees', 10, 0)], 0)]), environment, standalone, ['/training', '/workout/w-1']);
    await proceedToPlayer();
    await act(async () => {
      await router.navigate(-1);
    });
    expect(router.state.location.pathname).toBe('/training');

    await act(async () => {
      await router.navigate(1);
    });
    await proceedToPlayer();
    start();
    fireEvent.click(button('Terminé'));
    expect(screen.getByText('¡Entrenamiento Completado!')).toBeInTheDocument();
    await act(async () => {
      await router.navigate(-1);
    });
    await settle();
    expect(router.state.location.pathname).toBe('/training');
    expect(screen.queryByRole('dialog', { name: '¿Salir del entrenamiento?' })).not.toBeInTheDocument();
  });

  it('a reloaded session says where it picks up: the exercise, or the rest and what follows, and the time on its timer', async () => {
    const { environment } = fakeEnvironment();
    const first = renderSession(sampleWorkout(), environment);
    await proceedToPlayer();
    start();
    advance(30_000 + 4_000);
    first.unmount();
    renderSession(sampleWorkout(), environment);
    expect(screen.getByText('Continúa donde lo dejaste: descanso antes de Flexiones, 0:11')).toBeInTheDocument();
  });

  it('a fresh start says nothing about resuming', async () => {
    const { environment } = fakeEnvironment();
    renderSession(sampleWorkout(), environment);
    await settle();
    expect(screen.queryByText(/Continúa donde lo dejaste/)).not.toBeInTheDocument();
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { makeTestStore } from '../../shared/testing/fake-members-backend';
import { sampleWorkout } from './workout-fixtures';
import { WorkoutSessionPage } from './workout-session-page';
import { stubRelativeRequests } from '../../shared/testing/relative-requests';

const playerPaths = [
  '/workout/:workoutId',
  '/workout/:workoutId/plan/:planId',
  '/workout/:workoutId/enrollment/:enrollmentId',
  '/workout/:workoutId/plan/:planId/enrollment/:enrollmentId',
];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderAt(path: string, workoutAnswer: () => Response) {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      requested.push(url.pathname);
      if (url.pathname === '/api/config') return json({ studioName: 'Pulso' });
      return workoutAnswer();
    }),
  );
  stubRelativeRequests();
  const router = createMemoryRouter(
    [
      ...playerPaths.map((routePath) => ({
        path: routePath,
        element: (
          <WorkoutSessionPage
            environment={{ videoLoad: async () => new Blob(['clip']), soundPlayer: { unlock: () => undefined, play: () => () => undefined } }}
          />
        ),
      })),
      { path: '/training', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={makeTestStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, requested };
}

describe('workout session page', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:clip');
    URL.revokeObjectURL = vi.fn();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(playerPaths.map((routePath) => routePath.replace(':workoutId', 'w-1').replace(':planId', 'p-1').replace(':enrollmentId', 'e-1')))(
    'shows the loading message, then the preload screen of the workout at %s',
    async (path) => {
      const { requested } = renderAt(path, () => json({ workout: sampleWorkout() }));
      expect(screen.getByRole('heading', { name: 'Cargando entrenamiento...' })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Full Body Express' })).toBeInTheDocument();
      expect(requested).toContain('/api/workouts/w-1');
    },
  );

  it("says 'Entrenamiento no encontrado' for a 404 and goes back to the dashboard", async () => {
    const { router } = renderAt('/workout/nope', () => json({ error: 'not-found', message: 'No existe' }, 404));
    expect(await screen.findByRole('heading', { name: 'Entrenamiento no encontrado' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Volver al Dashboard' }));
    expect(router.state.location.pathname).toBe('/training');
  });

  it('treats a workout without exercises as not found', async () => {
    renderAt('/workout/w-1', () => json({ workout: { _id: 'w-1', title: 'Vacío', rounds: [] } }));
    expect(await screen.findByRole('heading', { name: 'Entrenamiento no encontrado' })).toBeInTheDocument();
  });

  it("says 'Error al cargar el entrenamiento' when the server still fails after the read's retries", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { requested } = renderAt('/workout/w-1', () => json({ error: 'unavailable', message: 'Caído' }, 503));
    // Spec section 9: three retries with backoff before the failure shows.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Error al cargar el entrenamiento' })).toBeInTheDocument();
    expect(requested.filter((path) => path === '/api/workouts/w-1')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Volver al Dashboard' })).toBeInTheDocument();
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeBackend, renderMemberPage, type FakeHandler } from '../../shared/testing/fake-members-backend';
import { TRAINING_TYPE_LABELS } from './library-filter';
import { WorkoutLibraryPage } from './workout-library-page';

const workouts = [
  {
    _id: 'w1',
    title: 'Pierna Explosiva',
    goal: 'Potencia de salto',
    description: 'Pliometría y fuerza',
    difficulty: 'advanced',
    workoutType: ['strength', 'plyometric'],
    estDurationMin: 40,
    totalRounds: 3,
    targetMuscles: ['Cuádriceps', 'Glúteos', 'Isquiotibiales', 'Pantorrillas', 'Core'],
    rounds: [{ roundType: 'warmup', roundName: 'Activación', exercises: [{ type: 'time', exerciseTime: 30, details: { name: 'Sentadilla al aire' } }] }],
  },
  {
    _id: 'w2',
    title: 'Core Express',
    goal: 'Estabilidad',
    description: 'Planchas',
    difficulty: 'beginner',
    workoutType: 'core',
    estDurationMin: 15,
    targetMuscles: ['Abdomen'],
  },
  {
    _id: 'w3',
    title: 'Fuerza Total',
    goal: 'Ganar fuerza',
    description: 'Básicos',
    difficulty: 'intermediate',
    workoutType: ['strength', 'full-body'],
    estDurationMin: 50,
    targetMuscles: ['Pecho'],
  },
];
const runs = [
  {
    _id: 'r1',
    title: 'Rodaje Suave',
    goal: 'Base aeróbica',
    difficulty: 'beginner',
    distance: 5,
    duration: 30,
    runningType: 'easy-run',
    terrain: 'road',
    requirements: ['Tenis de correr', 'Agua', 'Reloj'],
  },
  {
    _id: 'r2',
    title: 'Series de 400',
    goal: 'Velocidad',
    difficulty: 'advanced',
    distance: 6,
    duration: 40,
    runningType: 'interval-training',
    terrain: 'track',
  },
];

function setup(overrides: Record<string, FakeHandler> = {}) {
  const backend = installFakeBackend({
    'GET /api/workouts': { body: { workouts } },
    'GET /api/running-workouts': { body: { workouts: runs } },
    'POST /api/progress/complete': { status: 201, body: { progress: { _id: 'x' } } },
    ...overrides,
  });
  return { backend, ...renderMemberPage(<WorkoutLibraryPage />, { path: '/training/workouts' }) };
}

const titles = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

// Rendering whole pages with user-event is slow on a busy CI machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

describe('workout library', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows header stats, cards, and muscle tags capped at 3 then +N', async () => {
    setup();
    expect(await screen.findByText('3 entrenamientos encontrados')).toBeInTheDocument();
    const stats = screen.getByRole('list', { name: 'Resumen de la biblioteca' });
    expect(stats).toHaveTextContent('3 Entrenamientos');
    // As many categories as the type pills the filters offer.
    expect(stats).toHaveTextContent(`${Object.keys(TRAINING_TYPE_LABELS).length} Categorías`);
    expect(Object.keys(TRAINING_TYPE_LABELS)).toHaveLength(12);
    expect(stats).toHaveTextContent('3 Niveles');
    const card = screen.getByRole('article', { name: 'Pierna Explosiva' });
    const tags = within(within(card).getByRole('list', { name: 'Músculos trabajados' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent)).toEqual(['Cuádriceps', 'Glúteos', 'Isquiotibiales', '+2']);
    expect(within(card).getByRole('link', { name: 'Pierna Explosiva' })).toHaveAttribute('href', '/workout/w1');
  });

  it('searches without case over goal and muscles, and combines type pills with AND', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await screen.findByText('3 entrenamientos encontrados');
    await user.type(screen.getByLabelText('Buscar entrenamientos'), 'GLÚTEOS');
    expect(titles()).toEqual(['Pierna Explosiva']);
    await user.clear(screen.getByLabelText('Buscar entrenamientos'));

    await user.click(screen.getByRole('button', { name: /Filtros/ }));
    await user.click(screen.getByRole('button', { name: 'Fuerza' }));
    expect(titles()).toEqual(['Pierna Explosiva', 'Fuerza Total']);
    await user.click(screen.getByRole('button', { name: 'Cuerpo completo' }));
    expect(titles()).toEqual(['Fuerza Total']);
    await user.click(screen.getByRole('button', { name: 'Todos' }));
    expect(screen.getByText('3 entrenamientos encontrados')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Intermedio' }));
    expect(titles()).toEqual(['Fuerza Total']);
  });

  it("offers 'Limpiar filtros' when nothing matches", async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await screen.findByText('3 entrenamientos encontrados');
    await user.type(screen.getByLabelText('Buscar entrenamientos'), 'natación');
    expect(screen.getByText('No se encontraron entrenamientos')).toBeInTheDocument();
    expect(screen.getByText('0 entrenamientos encontrados')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(screen.getByText('3 entrenamientos encontrados')).toBeInTheDocument();
    expect(screen.getByLabelText('Buscar entrenamientos')).toHaveValue('');
  });

  it("lists a workout's exercises and starts the player from there", async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = setup();
    await user.click(await screen.findByRole('button', { name: 'Ver ejercicios de Pierna Explosiva' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sentadilla al aire')).toBeInTheDocument();
    expect(within(dialog).getByText('30 s')).toBeInTheDocument();
    expect(within(dialog).getByText('Calentamiento')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Comenzar entrenamiento/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workout/w1'));
  });

  it('switches to running workouts with requirements capped at 2', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await screen.findByText('3 entrenamientos encontrados');
    await user.click(screen.getByRole('button', { name: /Carrera/ }));
    expect(await screen.findByText('2 entrenamientos encontrados')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Rodaje Suave' });
    expect(within(within(card).getByRole('list', { name: 'Requisitos' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('times a run from real timestamps and saves its duration, then closes after the success screen', async () => {
    let clock = 1_700_000_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const user = userEvent.setup({ delay: null });
    const { backend } = setup();
    await screen.findByText('3 entrenamientos encontrados');
    await user.click(screen.getByRole('button', { name: /Carrera/ }));
    await user.click(await screen.findByRole('button', { name: 'Rodaje Suave' }));
    const dialog = await screen.findByRole('dialog');
    const complete = within(dialog).getByRole('button', { name: /Completar/ });
    expect(complete).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: /Iniciar/ }));
    clock += 65_000;
    expect(await within(dialog).findByText('1:05')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Pausar/ }));
    clock += 30_000;
    expect(within(dialog).getByRole('timer')).toHaveTextContent('1:05');
    await user.click(within(dialog).getByRole('button', { name: /Completar/ }));

    expect(await screen.findByText('¡Carrera completada!')).toBeInTheDocument();
    expect(backend.calls('POST /api/progress/complete')[0]?.body).toEqual({ workoutId: 'r1', isRunning: true, duration: 65 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 4000 });

    await user.click(screen.getByRole('button', { name: 'Rodaje Suave' }));
    expect(within(await screen.findByRole('dialog')).getByRole('timer')).toHaveTextContent('0:00');
  });

  it("shows 'Error al completar el entrenamiento' inside the running modal when saving a run fails", async () => {
    let clock = 1_700_000_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const nativeAlert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = userEvent.setup({ delay: null });
    setup({ 'POST /api/progress/complete': { status: 500, body: { error: 'x', message: 'x' } } });
    await screen.findByText('3 entrenamientos encontrados');
    await user.click(screen.getByRole('button', { name: /Carrera/ }));
    await user.click(await screen.findByRole('button', { name: 'Series de 400' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Iniciar/ }));
    clock += 10_000;
    await user.click(within(dialog).getByRole('button', { name: /Pausar/ }));
    await user.click(within(dialog).getByRole('button', { name: /Completar/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error al completar el entrenamiento');
    expect(nativeAlert).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the load error with its message and a way back', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = setup({ 'GET /api/workouts': { status: 403, body: { error: 'No tienes permiso para realizar esta acción.' } } });
    expect(await screen.findByText('Error al cargar entrenamientos')).toBeInTheDocument();
    expect(screen.getByText('No tienes permiso para realizar esta acción.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volver al Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/training'));
  });
});

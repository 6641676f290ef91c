import { NO_FILTERS, filterWorkouts, toggleType, visibleTags, type FilterableWorkout } from './library-filter';

const workouts: (FilterableWorkout & { _id: string })[] = [
  {
    _id: '1',
    title: 'Pierna Explosiva',
    goal: 'Potencia',
    description: 'Saltos',
    difficulty: 'advanced',
    workoutType: ['strength', 'plyometric'],
    targetMuscles: ['Cuádriceps', 'Glúteos'],
  },
  { _id: '2', title: 'Core Express', goal: 'Estabilidad', description: 'Planchas', difficulty: 'beginner', workoutType: 'core', targetMuscles: ['Abdomen'] },
  {
    _id: '3',
    title: 'Fuerza Total',
    goal: 'Ganar fuerza',
    description: 'Básicos',
    difficulty: 'intermediate',
    workoutType: ['strength', 'full-body'],
    targetMuscles: ['Pecho'],
  },
];

describe('library filtering', () => {
  it('searches title, goal, description and muscles without case', () => {
    expect(filterWorkouts(workouts, { ...NO_FILTERS, search: 'GLÚTEOS' }).map((w) => w._id)).toEqual(['1']);
    expect(filterWorkouts(workouts, { ...NO_FILTERS, search: 'estabilidad' }).map((w) => w._id)).toEqual(['2']);
    expect(filterWorkouts(workouts, { ...NO_FILTERS, search: 'básicos' }).map((w) => w._id)).toEqual(['3']);
    expect(filterWorkouts(workouts, { ...NO_FILTERS, search: '  core  ' }).map((w) => w._id)).toEqual(['2']);
  });

  it('combines types with AND', () => {
    expect(filterWorkouts(workouts, { ...NO_FILTERS, types: ['strength'] }).map((w) => w._id)).toEqual(['1', '3']);
    expect(filterWorkouts(workouts, { ...NO_FILTERS, types: ['strength', 'plyometric'] }).map((w) => w._id)).toEqual(['1']);
    expect(filterWorkouts(workouts, { ...NO_FILTERS, types: ['core', 'strength'] })).toEqual([]);
  });

  it('matches difficulty exactly', () => {
    expect(filterWorkouts(workouts, { ...NO_FILTERS, difficulty: 'intermediate' }).map((w) => w._id)).toEqual(['3']);
  });

  it("toggles pills and 'Todos' clears them", () => {
    expect(toggleType(['core'], 'strength')).toEqual(['core', 'strength']);
    expect(toggleType(['core', 'strength'], 'core')).toEqual(['strength']);
    expect(toggleType(['core', 'strength'], null)).toEqual([]);
  });

  it('filters running workouts by running type', () => {
    const runs: (FilterableWorkout & { _id: string })[] = [
      { _id: 'r1', title: 'Rodaje', runningType: 'easy-run', difficulty: 'beginner' },
      { _id: 'r2', title: 'Series', runningType: 'interval-training', difficulty: 'advanced' },
    ];
    expect(filterWorkouts(runs, { ...NO_FILTERS, types: ['interval-training'] }).map((w) => w._id)).toEqual(['r2']);
  });

  it("shows at most the limit and counts the rest as '+N'", () => {
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(visibleTags(['a'], 3)).toEqual({ shown: ['a'], more: 0 });
    expect(visibleTags(undefined, 2)).toEqual({ shown: [], more: 0 });
  });
});

import type { Difficulty } from '../../shared/lib/labels';

/** What filtering reads of a catalogue workout; training and running workouts both fit. */
export interface FilterableWorkout {
  title: string;
  goal?: string;
  description?: string;
  difficulty?: Difficulty;
  workoutType?: string | readonly string[];
  runningType?: string;
  targetMuscles?: readonly string[];
}

export type LibraryMode = 'training' | 'running';

export interface LibraryFilters {
  search: string;
  /** Every selected type must be present on a workout (AND); empty means 'Todos'. */
  types: string[];
  /** Exact match; null means every level. */
  difficulty: Difficulty | null;
}

export const NO_FILTERS: LibraryFilters = { search: '', types: [], difficulty: null };

export const TRAINING_TYPE_LABELS: Record<string, string> = {
  strength: 'Fuerza',
  cardio: 'Cardio',
  hiit: 'HIIT',
  flexibility: 'Flexibilidad',
  'full-body': 'Cuerpo completo',
  'upper-body': 'Tren superior',
  'lower-body': 'Tren inferior',
  core: 'Core',
  plyometric: 'Pliometría',
  mobility: 'Movilidad',
  endurance: 'Resistencia',
  balance: 'Equilibrio',
};

export const RUNNING_TYPE_LABELS: Record<string, string> = {
  'easy-run': 'Carrera suave',
  'long-run': 'Carrera larga',
  'tempo-run': 'Tempo',
  'interval-training': 'Intervalos',
  fartlek: 'Fartlek',
  'hill-repeats': 'Cuestas',
  'recovery-run': 'Recuperación',
  'race-pace': 'Ritmo de carrera',
  sprint: 'Sprint',
  'trail-run': 'Trail',
};

export const TERRAIN_LABELS: Record<string, string> = {
  road: 'Carretera',
  trail: 'Sendero',
  track: 'Pista',
  treadmill: 'Caminadora',
  mixed: 'Mixto',
};

export function typesOf(workout: FilterableWorkout): readonly string[] {
  if (workout.workoutType !== undefined) return typeof workout.workoutType === 'string' ? [workout.workoutType] : workout.workoutType;
  if (workout.runningType) return [workout.runningType];
  return [];
}

function searchableText(workout: FilterableWorkout): string {
  const muscles = workout.targetMuscles ?? [];
  return [workout.title, workout.goal, workout.description, ...muscles].filter(Boolean).join('\n').toLocaleLowerCase('es');
}

/** Spec section 5: case-insensitive search over title, goal, description and target muscles; types AND; difficulty exact. */
export function filterWorkouts<T extends FilterableWorkout>(workouts: readonly T[], filters: LibraryFilters): T[] {
  const needle = filters.search.trim().toLocaleLowerCase('es');
  return workouts.filter((workout) => {
    if (needle && !searchableText(workout).includes(needle)) return false;
    if (filters.difficulty && workout.difficulty !== filters.difficulty) return false;
    const types = typesOf(workout);
    return filters.types.every((type) => types.includes(type));
  });
}

/** Tapping a pill toggles it; 'Todos' (null) clears every type. */
export function toggleType(types: string[], type: string | null): string[] {
  if (type === null) return [];
  return types.includes(type) ? types.filter((item) => item !== type) : [...types, type];
}

export function hasActiveFilters(filters: LibraryFilters): boolean {
  return filters.search.trim() !== '' || filters.types.length > 0 || filters.difficulty !== null;
}

/** Spec section 9: at most `limit` tags, then '+N' for the rest. */
export function visibleTags(tags: readonly string[] | undefined, limit: number): { shown: string[]; more: number } {
  const list = tags ?? [];
  return { shown: list.slice(0, limit), more: Math.max(0, list.length - limit) };
}

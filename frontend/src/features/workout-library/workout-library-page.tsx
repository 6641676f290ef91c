import { useCallback, useId, useMemo, useState } from 'react';
import { Button, Collapse } from 'react-bootstrap';
import { useNavigate } from 'react-router-dom';
import { Dumbbell, Footprints, Layers, Search, SearchX, SlidersHorizontal, TriangleAlert, Trophy } from 'lucide-react';
import { serverMessage, useListRunningWorkoutsQuery, useListTrainingWorkoutsQuery } from '../../shared/api/api';
import type { RunningWorkoutDto, WorkoutDto } from '../../shared/api/generated-api';
import { DIFFICULTY_LABELS, type Difficulty } from '../../shared/lib/labels';
import { MembersLayout } from '../../shared/ui/members-layout';
import { EmptyState, LoadingRegion, PageHeader, Skeleton } from '../../shared/ui/member-ui';
import { ExerciseListModal } from './exercise-list-modal';
import {
  NO_FILTERS,
  RUNNING_TYPE_LABELS,
  TRAINING_TYPE_LABELS,
  filterWorkouts,
  hasActiveFilters,
  toggleType,
  type LibraryFilters,
  type LibraryMode,
} from './library-filter';
import { RunningModal } from './running-modal';
import { RunningCard, TrainingCard } from './workout-cards';
import './workout-library.css';

function loadErrorMessage(error: unknown, mode: LibraryMode): string {
  return serverMessage(error) ?? (mode === 'training' ? 'Failed to fetch workouts' : 'Failed to fetch running workouts');
}

/** Spec section 2 "Biblioteca de Entrenamientos". */
export function WorkoutLibraryPage() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<LibraryMode>('training');
  const [filters, setFilters] = useState<LibraryFilters>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [exercisesOf, setExercisesOf] = useState<WorkoutDto | null>(null);
  const [run, setRun] = useState<RunningWorkoutDto | null>(null);
  const closeRun = useCallback(() => setRun(null), []);
  const filtersId = useId();

  const training = useListTrainingWorkoutsQuery(undefined, { skip: mode !== 'training' });
  const running = useListRunningWorkoutsQuery(undefined, { skip: mode !== 'running' });
  const source = mode === 'training' ? training : running;
  const all = useMemo<(WorkoutDto | RunningWorkoutDto)[]>(() => source.data?.workouts ?? [], [source.data]);
  const results = useMemo(() => filterWorkouts(all, filters), [all, filters]);
  // The header counts the categories and levels the filters offer: the spec's fixed '5' sat beside 12 type pills.
  const typeLabels = mode === 'training' ? TRAINING_TYPE_LABELS : RUNNING_TYPE_LABELS;
  const activeCount = filters.types.length + (filters.difficulty ? 1 : 0);

  const switchMode = (next: LibraryMode) => {
    if (next === mode) return;
    setMode(next);
    // Types differ between the two catalogues; the search text and level still make sense.
    setFilters((current) => ({ ...current, types: [] }));
  };

  if (source.isError) {
    return (
      <MembersLayout>
        <EmptyState icon={TriangleAlert} title="Error al cargar entrenamientos">
          <p className="text-secondary mb-0">{loadErrorMessage(source.error, mode)}</p>
          <Button className="btn-brand" onClick={() => navigate('/training')}>
            Volver al Dashboard
          </Button>
        </EmptyState>
      </MembersLayout>
    );
  }

  return (
    <MembersLayout>
      <PageHeader title="Biblioteca de Entrenamientos" subtitle="Encuentra la sesión perfecta para hoy." />
      <ul className="library-stats" aria-label="Resumen de la biblioteca">
        <li>
          <Dumbbell size={18} aria-hidden="true" />
          <strong>{source.data ? all.length : '–'}</strong> Entrenamientos
        </li>
        <li>
          <Layers size={18} aria-hidden="true" />
          <strong>{Object.keys(typeLabels).length}</strong> Categorías
        </li>
        <li>
          <Trophy size={18} aria-hidden="true" />
          <strong>{Object.keys(DIFFICULTY_LABELS).length}</strong> Niveles
        </li>
      </ul>

      <div className="library-toolbar">
        <div className="library-mode" role="group" aria-label="Tipo de entrenamiento">
          <button type="button" aria-pressed={mode === 'training'} onClick={() => switchMode('training')}>
            <Dumbbell size={18} aria-hidden="true" /> Entrenamiento
          </button>
          <button type="button" aria-pressed={mode === 'running'} onClick={() => switchMode('running')}>
            <Footprints size={18} aria-hidden="true" /> Carrera
          </button>
        </div>
        <div className="library-search">
          <Search size={18} aria-hidden="true" />
          <label htmlFor="library-search" className="visually-hidden">
            Buscar entrenamientos
          </label>
          <input
            id="library-search"
            type="search"
            className="form-control"
            placeholder="Buscar..."
            value={filters.search}
            onChange={(event) => setFilters({ ...filters, search: event.target.value })}
          />
        </div>
        <Button
          variant="outline-secondary"
          className="library-filters-toggle"
          onClick={() => setFiltersOpen(!filtersOpen)}
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
        >
          <SlidersHorizontal size={18} aria-hidden="true" /> Filtros
          {activeCount > 0 ? <span className="library-filters-count">{activeCount}</span> : null}
        </Button>
      </div>

      <Collapse in={filtersOpen}>
        <div id={filtersId}>
          <div className="library-filters">
            <div role="group" aria-labelledby={`${filtersId}-types`}>
              <p className="library-filters__label" id={`${filtersId}-types`}>
                Tipo
              </p>
              <div className="library-pills">
                <button
                  type="button"
                  className="members-pill"
                  aria-pressed={filters.types.length === 0}
                  onClick={() => setFilters({ ...filters, types: toggleType(filters.types, null) })}
                >
                  Todos
                </button>
                {Object.entries(typeLabels).map(([value, label]) => (
                  <button
                    key={value}
                    type="button"
                    className="members-pill"
                    aria-pressed={filters.types.includes(value)}
                    onClick={() => setFilters({ ...filters, types: toggleType(filters.types, value) })}
                  >
                    {label}
                  </button>
                ))}
              </div>
            </div>
            <div role="group" aria-labelledby={`${filtersId}-level`}>
              <p className="library-filters__label" id={`${filtersId}-level`}>
                Dificultad
              </p>
              <div className="library-pills">
                <button
                  type="button"
                  className="members-pill"
                  aria-pressed={filters.difficulty === null}
                  onClick={() => setFilters({ ...filters, difficulty: null })}
                >
                  Todas
                </button>
                {(Object.keys(DIFFICULTY_LABELS) as Difficulty[]).map((level) => (
                  <button
                    key={level}
                    type="button"
                    className="members-pill"
                    aria-pressed={filters.difficulty === level}
                    onClick={() => setFilters({ ...filters, difficulty: filters.difficulty === level ? null : level })}
                  >
                    {DIFFICULTY_LABELS[level]}
                  </button>
                ))}
              </div>
            </div>
          </div>
        </div>
      </Collapse>

      {!source.data ? (
        <LoadingRegion label="Cargando entrenamientos...">
          <Skeleton height={20} width={180} className="mb-3" />
          <div className="library-grid">
            {[0, 1, 2, 3, 4, 5].map((index) => (
              <Skeleton key={index} height={230} rounded={16} />
            ))}
          </div>
        </LoadingRegion>
      ) : (
        <>
          <p className="library-count" aria-live="polite">
            {results.length === 1 ? '1 entrenamiento encontrado' : `${results.length} entrenamientos encontrados`}
          </p>
          {results.length === 0 ? (
            <EmptyState icon={SearchX} title="No se encontraron entrenamientos">
              {hasActiveFilters(filters) ? (
                <Button variant="outline-primary" onClick={() => setFilters(NO_FILTERS)}>
                  Limpiar filtros
                </Button>
              ) : null}
            </EmptyState>
          ) : (
            <div className="library-grid">
              {results.map((workout) =>
                mode === 'running' ? (
                  <RunningCard key={workout._id} workout={workout as RunningWorkoutDto} onOpen={() => setRun(workout as RunningWorkoutDto)} />
                ) : (
                  <TrainingCard key={workout._id} workout={workout as WorkoutDto} onShowExercises={() => setExercisesOf(workout as WorkoutDto)} />
                ),
              )}
            </div>
          )}
        </>
      )}

      <ExerciseListModal workout={exercisesOf} onClose={() => setExercisesOf(null)} />
      <RunningModal workout={run} onClose={closeRun} />
    </MembersLayout>
  );
}

import { Button } from 'react-bootstrap';
import { useNavigate } from 'react-router-dom';
import { Play } from 'lucide-react';
import { useGetTrainingWorkoutQuery } from '../../shared/api/api';
import type { RoundExerciseDto, WorkoutDto } from '../../shared/api/generated-api';
import { ROUND_TYPE_LABELS } from '../../shared/lib/labels';
import { ExerciseThumb } from '../../shared/ui/demo/exercise-demo';
import { Skeleton } from '../../shared/ui/member-ui';
import { MembersModal } from '../../shared/ui/members-modal';

function exerciseTarget(exercise: RoundExerciseDto): string {
  if (exercise.type === 'time') return `${exercise.exerciseTime ?? 0} s`;
  return `${exercise.exerciseReps ?? 0} reps`;
}

/** The exercises of a training workout, round by round, with a way into the player. */
export function ExerciseListModal({ workout, onClose }: { workout: WorkoutDto | null; onClose: () => void }) {
  const navigate = useNavigate();
  const listed = workout?.rounds?.some((round) => round.exercises?.length) ?? false;
  const detail = useGetTrainingWorkoutQuery({ id: workout?._id ?? '' }, { skip: !workout || listed });
  const rounds = listed ? workout?.rounds : detail.data?.workout.rounds;

  return (
    <MembersModal
      show={workout !== null}
      onHide={onClose}
      title={workout?.title}
      titleId="exercise-list-title"
      footer={
        workout ? (
          <>
            <Button variant="outline-secondary" onClick={onClose}>
              Cerrar
            </Button>
            <Button className="btn-brand" onClick={() => navigate(`/workout/${workout._id}`)}>
              <Play size={18} aria-hidden="true" /> Comenzar entrenamiento
            </Button>
          </>
        ) : null
      }
    >
      {workout ? (
        <>
          {!rounds && detail.isError ? (
            <p className="text-danger mb-0">Error al cargar el entrenamiento</p>
          ) : !rounds ? (
            <div role="status" aria-busy="true">
              <span className="visually-hidden">Cargando ejercicios...</span>
              <Skeleton height={20} width="40%" />
              <Skeleton height={120} className="mt-2" />
            </div>
          ) : rounds.length === 0 ? (
            <p className="text-secondary mb-0">Este entrenamiento aún no tiene ejercicios.</p>
          ) : (
            rounds.map((round, roundIndex) => (
              <section key={roundIndex} className="exercise-round" aria-labelledby={`round-${roundIndex}`}>
                <h3 className="exercise-round__title" id={`round-${roundIndex}`}>
                  {round.roundName || `Ronda ${roundIndex + 1}`}
                  {round.roundType ? <span className="exercise-round__type">{ROUND_TYPE_LABELS[round.roundType] ?? round.roundType}</span> : null}
                </h3>
                <ol className="exercise-round__list">
                  {round.exercises.map((exercise, index) => (
                    <li key={`${exercise.exerciseId ?? index}-${index}`}>
                      <span className="exercise-round__thumb">
                        <ExerciseThumb media={exercise.details?.media} />
                      </span>
                      <span className="exercise-round__name">{exercise.details?.name || 'Ejercicio'}</span>
                      <span className="exercise-round__target">{exerciseTarget(exercise)}</span>
                    </li>
                  ))}
                </ol>
              </section>
            ))
          )}
        </>
      ) : null}
    </MembersModal>
  );
}

import { Link } from 'react-router-dom';
import { Clock, Flame, ListChecks, MapPin, Route, Timer } from 'lucide-react';
import type { RunningWorkoutDto, WorkoutDto } from '../../shared/api/generated-api';
import { DIFFICULTY_LABELS } from '../../shared/lib/labels';
import { formatWorkoutLength } from '../../shared/lib/duration-format';
import { ExerciseThumb, workoutCover } from '../../shared/ui/demo/exercise-demo';
import { RUNNING_TYPE_LABELS, TERRAIN_LABELS, TRAINING_TYPE_LABELS, typesOf, visibleTags } from './library-filter';

/** Spec section 9: at most 3 muscle tags, at most 2 running requirements. */
export const MAX_MUSCLE_TAGS = 3;
export const MAX_REQUIREMENTS = 2;

function DifficultyBadge({ value }: { value?: string }) {
  if (!value || !(value in DIFFICULTY_LABELS)) return null;
  return <span className={`library-level library-level--${value}`}>{DIFFICULTY_LABELS[value as keyof typeof DIFFICULTY_LABELS]}</span>;
}

export function TrainingCard({ workout, onShowExercises }: { workout: WorkoutDto; onShowExercises: () => void }) {
  const muscles = visibleTags(workout.targetMuscles, MAX_MUSCLE_TAGS);
  const rounds = workout.totalRounds ?? workout.rounds?.length;
  const types = typesOf(workout);
  const cover = workoutCover(workout.rounds);
  return (
    <article className="library-card" aria-labelledby={`workout-${workout._id}`}>
      {cover ? (
        <div className="library-card__cover" data-exercise={cover.name}>
          <ExerciseThumb media={cover.media} />
        </div>
      ) : null}
      <div className="library-card__top">
        <DifficultyBadge value={workout.difficulty} />
        <span className="library-card__duration">
          <Clock size={14} aria-hidden="true" /> {formatWorkoutLength(workout)}
        </span>
      </div>
      <h3 className="library-card__title members-item-title" id={`workout-${workout._id}`}>
        <Link to={`/workout/${workout._id}`} className="stretched-link">
          {workout.title}
        </Link>
      </h3>
      {workout.goal ? <p className="library-card__goal">{workout.goal}</p> : null}
      {types.length > 0 ? <p className="library-card__types">{types.map((type) => TRAINING_TYPE_LABELS[type] ?? type).join(' · ')}</p> : null}
      {muscles.shown.length > 0 ? (
        <ul className="library-card__tags" aria-label="Músculos trabajados">
          {muscles.shown.map((muscle) => (
            <li key={muscle} className="members-tag">
              {muscle}
            </li>
          ))}
          {muscles.more > 0 ? (
            <li className="members-tag" aria-label={`y ${muscles.more} más`}>
              +{muscles.more}
            </li>
          ) : null}
        </ul>
      ) : null}
      <div className="library-card__footer">
        {rounds ? (
          <span className="library-card__meta">
            {rounds} {rounds === 1 ? 'ronda' : 'rondas'}
          </span>
        ) : (
          <span />
        )}
        <button
          type="button"
          className="btn btn-sm btn-outline-primary library-card__exercises"
          onClick={onShowExercises}
          aria-label={`Ver ejercicios de ${workout.title}`}
        >
          <ListChecks size={16} aria-hidden="true" /> Ver ejercicios
        </button>
      </div>
    </article>
  );
}

export function RunningCard({ workout, onOpen }: { workout: RunningWorkoutDto; onOpen: () => void }) {
  const requirements = visibleTags(workout.requirements, MAX_REQUIREMENTS);
  return (
    <article className="library-card library-card--running" aria-labelledby={`run-${workout._id}`}>
      <div className="library-card__top">
        <DifficultyBadge value={workout.difficulty} />
        {workout.runningType ? <span className="library-card__kind">{RUNNING_TYPE_LABELS[workout.runningType] ?? workout.runningType}</span> : null}
      </div>
      <h3 className="library-card__title members-item-title" id={`run-${workout._id}`}>
        <button type="button" className="library-card__open stretched-link" onClick={onOpen}>
          {workout.title}
        </button>
      </h3>
      {workout.goal ? <p className="library-card__goal">{workout.goal}</p> : null}
      <ul className="library-card__figures">
        {workout.distance ? (
          <li>
            <Route size={15} aria-hidden="true" /> {workout.distance} km
          </li>
        ) : null}
        {workout.duration ? (
          <li>
            <Timer size={15} aria-hidden="true" /> {workout.duration} min
          </li>
        ) : null}
        {workout.terrain ? (
          <li>
            <MapPin size={15} aria-hidden="true" /> {TERRAIN_LABELS[workout.terrain] ?? workout.terrain}
          </li>
        ) : null}
        {workout.calories ? (
          <li>
            <Flame size={15} aria-hidden="true" /> {workout.calories} kcal
          </li>
        ) : null}
      </ul>
      {requirements.shown.length > 0 ? (
        <ul className="library-card__tags" aria-label="Requisitos">
          {requirements.shown.map((item) => (
            <li key={item} className="members-tag">
              {item}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

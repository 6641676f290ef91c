import type { PlannedExercise } from './session-plan';
import { SessionVideo } from './session-stage';

export interface SessionDemonstrationProps {
  /** The exercise being trained, or during a rest the one that comes next. */
  exercise: PlannedExercise;
  /** A rest: the demonstration previews the next exercise and says so. */
  upNext: boolean;
  preloadedSrc: string | null;
  remoteSrc: string | null;
  playing: boolean;
}

/**
 * The player's demonstration area: secondary to the timer, a bounded box whatever the
 * clip or illustration inside it (SessionVideo) looks like. During a rest it shows the
 * next exercise's movement under a "NEXT" tag: the one word the player uses for what comes next.
 */
export function SessionDemonstration({ exercise, upNext, preloadedSrc, remoteSrc, playing }: SessionDemonstrationProps) {
  return (
    <div className={`session-stage${upNext ? ' session-stage--up-next' : ''}`}>
      <div className="session-stage__frame">
        <SessionVideo exercise={exercise} preloadedSrc={preloadedSrc} remoteSrc={remoteSrc} playing={playing} />
        {upNext && (
          <span className="session-stage__tag" aria-hidden="true">
            NEXT
          </span>
        )}
      </div>
    </div>
  );
}

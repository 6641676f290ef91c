import { useEffect, useState, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import type { SpeechEngine } from '../../shared/speech/spanish-voice';
import { MembersModal } from '../../shared/ui/members-modal';
import { CompletionModal } from './completion-modal';
import type { Clock } from './session-clock';
import { SessionControls } from './session-controls';
import {
  canExtendRest,
  canFinishReps,
  canGoPrevious,
  canSkip,
  countdownSeconds,
  currentExercise,
  elapsedMs,
  elapsedSeconds,
  exercisesDone,
  nextExercise,
  remainingSeconds,
  sessionEvents,
  type SessionState,
} from './session-machine';
import { saveSession, type SessionRoute } from './session-persistence';
import type { SessionPlan } from './session-plan';
import { SessionDemonstration } from './session-demonstration-area';
import { CountdownOverlay } from './session-stage';
import { SessionTimerStrip } from './session-timer-strip';
import { SessionTopBar } from './session-top-bar';
import { useBackGuard } from './use-back-guard';
import { useMediaSession } from './use-media-session';
import { useSessionKeyboard } from './use-session-keyboard';
import { useSessionRun } from './use-session-run';
import { videoSourceUrl, type VideoQuality } from './video-quality';
import type { SoundPlayer } from './web-audio-sound-player';

export interface SessionPlayerProps {
  plan: SessionPlan;
  route: SessionRoute;
  initialState: SessionState;
  completionKey: string;
  /** Source URL → object URL of the clips preloaded at `quality`. */
  preloaded: Record<string, string>;
  quality: VideoQuality;
  cdnBase?: string | null;
  clock: Clock;
  soundPlayer: SoundPlayer;
  /** The coach's voice (ADR 0310). */
  speech: SpeechEngine;
  sessionStore: Storage;
  /** Saves the completion: 'saved' once the server has it, 'queued' if it will be retried, 'rejected' if refused. */
  onSaveCompletion: (durationSec: number, completionKey: string) => Promise<'saved' | 'queued' | 'rejected'>;
  /** The saved completion's heart-rate summary, shown in the completion modal; null without one. */
  summary?: ReactNode;
  onExitWithoutSaving: () => void;
  onBack: () => void;
  /** The heart-rate row under the top bar: it takes its own space and never covers the timer. */
  heartRate?: ReactNode;
  /** Told each second of time trained, so the heart rate can be sampled on the workout's own clock. */
  onSecondTrained?: (second: number) => void;
  /** Told once the workout is complete (the recovery minute starts then). */
  onFinished?: () => void;
  /** Shown in the completion modal until it is saved: the recovery minute being measured. */
  recovery?: ReactNode;
}

/**
 * The player screen of spec section 2, driven by the session machine and the clock: the
 * demonstration is the smaller part; the timer strip (name, countdown or reps, what comes
 * next) and the controls take the rest of the screen (ADR 0230).
 */
export function SessionPlayer(props: SessionPlayerProps) {
  const { plan, route, clock, soundPlayer, sessionStore, completionKey } = props;
  const { state, dispatch, ticking, muted, playPause, toggleSound, voice } = useSessionRun({
    plan,
    initialState: props.initialState,
    clock,
    soundPlayer,
    speech: props.speech,
    onSecondTrained: props.onSecondTrained,
  });
  const [saving, setSaving] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);

  useEffect(() => {
    saveSession(sessionStore, route, plan, { state, completionKey }, clock.now());
  }, [sessionStore, route, plan, state, completionKey, clock]);

  const complete = state.status === 'complete';
  const { onFinished } = props;
  useEffect(() => {
    if (complete) onFinished?.();
  }, [complete, onFinished]);
  const skip = () => dispatch(sessionEvents.skipRequested(clock.now()));
  const previous = () => dispatch(sessionEvents.previousRequested(clock.now()));
  const repsFinished = () => dispatch(sessionEvents.repsFinished(clock.now()));
  const rest = {
    canExtend: canExtendRest(state),
    onExtend: () => dispatch(sessionEvents.restExtended(clock.now())),
    onShorten: () => dispatch(sessionEvents.restShortened(clock.now())),
    onSkip: () => dispatch(sessionEvents.restSkipped(clock.now())),
  };

  // The browser's Back while a workout is under way asks first; asking is a pause, and staying
  // picks up exactly where it was. Leaving keeps the session to resume (ADRs 0054, 0311).
  const inProgress = state.status === 'countdown' || state.status === 'playing';
  const [leaving, setLeaving] = useState<{ resume: boolean } | null>(null);
  const backGuard = useBackGuard(inProgress ? 'guard' : 'pass', () => {
    if (ticking) dispatch(sessionEvents.playToggled(clock.now()));
    setLeaving({ resume: ticking });
  });
  const stay = () => {
    if (leaving?.resume) dispatch(sessionEvents.playToggled(clock.now()));
    setLeaving(null);
    backGuard.stay();
  };
  const leave = () => {
    setLeaving(null);
    backGuard.leave();
  };

  const exercise = currentExercise(plan, state);
  const next = nextExercise(plan, state);
  const round = plan.rounds[state.roundIndex];

  useSessionKeyboard(!complete && !leaving, { onPlayPause: playPause, onNext: skip, onPrevious: previous, onToggleSound: toggleSound });
  useMediaSession({
    title: exercise.name,
    workoutTitle: plan.title,
    playing: ticking,
    onPlay: () => {
      if (!ticking) playPause();
    },
    onPause: () => {
      if (ticking) playPause();
    },
    onNext: skip,
    onPrevious: previous,
  });

  const save = async () => {
    setSaving(true);
    const result = await props.onSaveCompletion(Math.round(elapsedMs(state) / 1000), completionKey);
    setSaving(false);
    setSaveFailed(result === 'queued');
  };

  // During a rest the demonstration is the next exercise's, so the member sees what is coming.
  const resting = state.phase !== 'exercise';
  const demonstrated = resting ? next : exercise;
  const demoSrc = demonstrated ? videoSourceUrl(demonstrated.media, props.quality, props.cdnBase) : null;
  const playLabel = state.status === 'idle' ? 'Comenzar' : state.paused ? 'Reanudar' : 'Pausar';

  return (
    <div className="session-player">
      <SessionTopBar
        elapsedSec={elapsedSeconds(state)}
        round={state.roundIndex + 1}
        totalRounds={plan.rounds.length}
        exercise={state.exerciseIndex + 1}
        exercisesInRound={round.exercises.length}
        exercisesDone={exercisesDone(plan, state)}
        totalExercises={plan.totalExercises}
        preloaded={Object.keys(props.preloaded).length > 0}
        onBack={props.onBack}
      />
      {props.heartRate}

      <div className={`session-player__body${resting ? ' session-player__body--rest' : ''}`}>
        {demonstrated && (
          <SessionDemonstration
            exercise={demonstrated}
            upNext={resting}
            preloadedSrc={demoSrc ? (props.preloaded[demoSrc] ?? null) : null}
            remoteSrc={demoSrc}
            playing={state.status === 'playing' && !state.paused}
          />
        )}

        <div className="session-player__panel">
          <SessionTimerStrip
            roundLabel={round.label}
            exercise={exercise}
            phase={state.phase}
            remainingSec={remainingSeconds(state)}
            next={next}
            canFinishReps={canFinishReps(plan, state)}
            onRepsFinished={repsFinished}
            rest={rest}
          />
          <SessionControls
            playing={ticking}
            playLabel={playLabel}
            canPrevious={canGoPrevious(state)}
            canSkip={canSkip(state)}
            muted={muted}
            voice={voice}
            onPrevious={previous}
            onPlayPause={playPause}
            onSkip={skip}
            onToggleSound={toggleSound}
          />
        </div>
        {state.status === 'countdown' && <CountdownOverlay seconds={countdownSeconds(state)} />}
      </div>

      <CompletionModal
        show={complete}
        totalSec={elapsedSeconds(state)}
        exercises={plan.totalExercises}
        rounds={plan.rounds.length}
        saving={saving}
        saveFailed={saveFailed}
        onSave={() => void save()}
        onExit={props.onExitWithoutSaving}
        summary={props.summary ?? null}
        recovery={props.recovery ?? null}
        // "Continuar" leads where the top bar's back does: the training page.
        onContinue={props.onBack}
      />

      <MembersModal
        show={leaving !== null}
        onHide={stay}
        title="¿Salir del entrenamiento?"
        titleId="session-leave-title"
        confirm
        footer={
          <>
            <Button variant="outline-secondary" onClick={stay}>
              Seguir entrenando
            </Button>
            <Button variant="danger" onClick={leave}>
              Salir
            </Button>
          </>
        }
      >
        <p className="mb-0">Tu entrenamiento queda en pausa. Cuando vuelvas, continúas donde lo dejaste.</p>
      </MembersModal>
    </div>
  );
}

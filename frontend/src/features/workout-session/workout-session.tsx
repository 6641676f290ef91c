import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { enqueueCompletion, removeCompletion } from '../../shared/api/completion-outbox';
import { newIdempotencyKey } from '../../shared/api/idempotency-key';
import { collectRr, sampleSecond, seriesForCompletion, type HeartRateSamples, type RrSeconds } from '../../shared/heart-rate/heart-rate-series';
import { useRecoveryMinute } from '../../shared/heart-rate/use-recovery-minute';
import { RecoveryNote } from './recovery-note';
import { useHeartRateSession } from '../../shared/heart-rate/use-heart-rate-session';
import type { WebBluetooth } from '../../shared/heart-rate/web-bluetooth';
import { HeartRateLive } from '../../shared/ui/heart-rate-live';
import { HeartRateSummary } from '../../shared/ui/heart-rate-summary';
import { useGetHeartRateProfileQuery } from '../../shared/api/api';
import type { HeartRateSummaryDto } from '../../shared/api/generated-api';
import { createWebSpeechEngine, type SpeechEngine } from '../../shared/speech/spanish-voice';
import { performanceClock, type Clock } from './session-clock';
import { initialSessionState } from './session-machine';
import { clearSession, loadSession, resumePoint, type SessionRoute } from './session-persistence';
import { planSession } from './session-plan';
import { SessionPlayer } from './session-player';
import type { Workout } from './session-types';
import { useCompletionOutboxSync, useCompletionSender } from '../../shared/api/use-completion-outbox';
import { useIdentity } from '../../shared/identity/identity';
import { useBackGuard } from './use-back-guard';
import { useVideoPreload } from './use-video-preload';
import { videosToPreload, type VideoLoad } from './video-preload';
import { VideoPreloadScreen } from './video-preload-screen';
import { formatWorkoutLength } from '../../shared/lib/duration-format';
import { createWebAudioSoundPlayer, type SoundPlayer } from './web-audio-sound-player';
import './workout-session.css';

/** What the session needs from the browser, replaceable in tests. */
export interface SessionEnvironment {
  clock: Clock;
  soundPlayer: SoundPlayer;
  /** The coach's voice: the Web Speech API by default. */
  speech: SpeechEngine;
  videoLoad?: VideoLoad;
  sessionStore: Storage;
  outboxStore: Storage;
  /** The browser's `navigator.bluetooth` when left out; null acts as a browser without it. */
  bluetooth?: WebBluetooth | null;
}

export interface WorkoutSessionProps {
  workout: Workout;
  route: SessionRoute;
  cdnBase?: string | null;
  environment?: Partial<SessionEnvironment>;
}

export type SaveResult = 'saved' | 'queued' | 'rejected';

/** Preload screen first, then the player (spec section 4 "Session"); saving the completion through the outbox. */
export function WorkoutSession({ workout, route, cdnBase, environment }: WorkoutSessionProps) {
  const navigate = useNavigate();
  const [env] = useState<SessionEnvironment>(() => ({
    clock: performanceClock,
    soundPlayer: createWebAudioSoundPlayer(),
    speech: createWebSpeechEngine(),
    sessionStore: sessionStorage,
    outboxStore: localStorage,
    ...environment,
  }));
  const plan = useMemo(() => planSession(workout), [workout]);
  const [resumed] = useState(() => loadSession(env.sessionStore, route, plan, env.clock.now()));
  const [session] = useState(() => resumed ?? { state: initialSessionState(plan, env.clock.now()), completionKey: newIdempotencyKey() });
  const [stage, setStage] = useState<'preload' | 'player'>('preload');
  // On the preload screen nothing runs: Back just leaves (the player guards its own stage).
  useBackGuard(stage === 'preload' ? 'pass' : 'off', () => undefined);
  const { preloader, state: preload } = useVideoPreload(env.videoLoad);
  const send = useCompletionSender();
  const memberId = useIdentity().user?.userId;
  useCompletionOutboxSync(env.outboxStore);
  // Above both stages, so a sensor paired on the preload screen stays paired in the player.
  const heartRate = useHeartRateSession({ bluetooth: env.bluetooth });
  // The completion's 1 Hz series, one sample per second trained (ADR 0133); a reload starts it afresh.
  const heartRateSamples = useRef<HeartRateSamples>([]);
  // The R–R intervals of each second trained, when the sensor sends them (ADR 0146).
  const heartRateRr = useRef<RrSeconds>([]);
  const { readBpm, takeRr } = heartRate.sensor;
  // The minute after the end, while the sensor stays on, gives the 1-minute recovery (ADR 0132).
  const [finished, setFinished] = useState(false);
  const markFinished = useCallback(() => setFinished(true), []);
  const recovery = useRecoveryMinute(readBpm, finished && heartRate.sensor.state.status !== 'disconnected');
  // A saved completion's heart-rate summary: the modal shows it and waits for "Continuar".
  const [saved, setSaved] = useState<{ summary: HeartRateSummaryDto; completionId: string | null } | null>(null);
  const { data: profile } = useGetHeartRateProfileQuery(undefined, { skip: !saved });
  const sampleHeartRate = useCallback(
    (second: number) => {
      heartRateSamples.current = sampleSecond(heartRateSamples.current, second, readBpm());
      heartRateRr.current = collectRr(heartRateRr.current, second, takeRr());
    },
    [readBpm, takeRr],
  );

  useEffect(() => {
    preloader.start(videosToPreload(plan, preloader.getState().quality, cdnBase));
  }, [preloader, plan, cdnBase]);

  const saveCompletion = async (durationSec: number, completionKey: string): Promise<SaveResult> => {
    const series = seriesForCompletion(heartRateSamples.current, durationSec, recovery.samples, heartRateRr.current);
    const item = {
      idempotencyKey: completionKey,
      memberId,
      body: { workoutId: plan.workoutId, planId: route.planId, enrollmentId: route.enrollmentId, durationSec, ...(series && { heartRate: series }) },
      queuedAt: new Date().toISOString(),
    };
    // Queued before sending: a tab closed mid-request still has it for the next load.
    enqueueCompletion(env.outboxStore, item);
    const { outcome, heartRate: answered, completionId } = await send(item);
    if (outcome === 'retry') {
      console.error('No se pudo guardar el entrenamiento; queda pendiente para reintentar', item);
      return 'queued';
    }
    removeCompletion(env.outboxStore, completionKey);
    if (outcome === 'drop') {
      console.error('El servidor rechazó el entrenamiento completado', item);
      return 'rejected';
    }
    clearSession(env.sessionStore, route);
    if (answered) setSaved({ summary: answered, completionId });
    else navigate('/training');
    return 'saved';
  };

  if (stage === 'preload') {
    return (
      <VideoPreloadScreen
        workoutTitle={plan.title}
        workoutLength={formatWorkoutLength(workout)}
        resumePoint={resumed ? resumePoint(plan, resumed.state) : null}
        state={preload}
        heartRate={<HeartRateLive session={heartRate} layout="card" />}
        onStart={() => preloader.start(videosToPreload(plan, preload.quality, cdnBase))}
        onCancel={() => preloader.cancel()}
        onQualityChange={(quality) => preloader.setQuality(quality, videosToPreload(plan, quality, cdnBase))}
        // Downloads still running carry on: each clip joins the player as soon as it lands.
        onProceed={() => setStage('player')}
        onBack={() => navigate('/training')}
      />
    );
  }

  return (
    <SessionPlayer
      plan={plan}
      route={route}
      heartRate={<HeartRateLive session={heartRate} layout="bar" />}
      onSecondTrained={sampleHeartRate}
      onFinished={markFinished}
      recovery={recovery.samples.length > 0 && <RecoveryNote secondsLeft={recovery.secondsLeft} />}
      initialState={session.state}
      completionKey={session.completionKey}
      preloaded={preload.loaded}
      quality={preload.quality}
      cdnBase={cdnBase}
      clock={env.clock}
      soundPlayer={env.soundPlayer}
      speech={env.speech}
      sessionStore={env.sessionStore}
      onSaveCompletion={saveCompletion}
      summary={saved && <HeartRateSummary summary={saved.summary} zones={profile?.zones ?? []} completionId={saved.completionId ?? undefined} />}
      onExitWithoutSaving={() => {
        clearSession(env.sessionStore, route);
        navigate('/training');
      }}
      onBack={() => navigate('/training')}
    />
  );
}

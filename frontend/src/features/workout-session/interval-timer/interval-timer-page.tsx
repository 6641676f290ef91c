import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Button, Col, Row } from 'react-bootstrap';
import { Bookmark, Flame, Play, Repeat, Timer as TimerIcon, Trash2, type LucideIcon } from 'lucide-react';
import {
  serverMessage,
  useCreateTimerPresetMutation,
  useDeleteTimerPresetMutation,
  useGetHeartRateProfileQuery,
  useListTimerPresetsQuery,
} from '../../../shared/api/api';
import { enqueueCompletion, removeCompletion } from '../../../shared/api/completion-outbox';
import type { HeartRateSummaryDto, TimerPresetDto } from '../../../shared/api/generated-api';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key';
import { useCompletionSender } from '../../../shared/api/use-completion-outbox';
import { useIdentity } from '../../../shared/identity/identity';
import { collectRr, sampleSecond, seriesForCompletion, type HeartRateSamples, type RrSeconds } from '../../../shared/heart-rate/heart-rate-series';
import { useHeartRateSession } from '../../../shared/heart-rate/use-heart-rate-session';
import type { WebBluetooth } from '../../../shared/heart-rate/web-bluetooth';
import { HeartRateLive } from '../../../shared/ui/heart-rate-live';
import { HeartRateSummary } from '../../../shared/ui/heart-rate-summary';
import { EmptyState, LoadingRegion, PageHeader, Section, Skeleton } from '../../../shared/ui/member-ui';
import { MembersLayout } from '../../../shared/ui/members-layout';
import { MembersModal } from '../../../shared/ui/members-modal';
import { formatClock } from '../format-clock';
import { performanceClock, type Clock } from '../session-clock';
import { initialSessionState, type SessionState } from '../session-machine';
import { clearSession, loadSession } from '../session-persistence';
import { createWebAudioSoundPlayer, type SoundPlayer } from '../web-audio-sound-player';
import { BUILT_IN_TIMERS, timerPlan, timerTotalSec, type TimerDefinition, type TimerSpec } from './timer-definition';
import { TimerEditor } from './timer-editor';
import { TimerRunner, type SaveResult } from './timer-runner';
import { clearCurrentTimer, loadCurrentTimer, saveCurrentTimer, TIMER_ROUTE } from './timer-storage';
import './interval-timer.css';

/** What the timer needs from the browser, replaceable in tests. */
export interface TimerEnvironment {
  clock: Clock;
  soundPlayer: SoundPlayer;
  sessionStore: Storage;
  outboxStore: Storage;
  bluetooth?: WebBluetooth | null;
}

interface ActiveTimer {
  timer: TimerDefinition;
  state: SessionState;
  completionKey: string;
}

const KIND_ICONS: Record<string, LucideIcon> = { tabata: Flame, emom: Repeat, amrap: TimerIcon };

function shape(spec: TimerSpec): string {
  const parts = [`${spec.workSec} s trabajo`];
  if (spec.restSec > 0) parts.push(`${spec.restSec} s descanso`);
  parts.push(`${spec.rounds} ${spec.rounds === 1 ? 'ronda' : 'rondas'}`);
  if (spec.sets > 1) parts.push(`${spec.sets} series`, `${spec.setRestSec} s entre series`);
  return parts.join(' · ');
}

/** The session a reload left behind, if its timer and its progress are both still there. */
function resumed(env: TimerEnvironment): ActiveTimer | null {
  const timer = loadCurrentTimer(env.sessionStore);
  if (!timer) return null;
  const saved = loadSession(env.sessionStore, TIMER_ROUTE, timerPlan(timer), env.clock.now());
  return saved ? { timer, state: saved.state, completionKey: saved.completionKey } : null;
}

/** /training/timer: the preset picker and the custom editor, then the running timer (ADR 0160). */
export function IntervalTimerPage({ environment }: { environment?: Partial<TimerEnvironment> }) {
  const [env] = useState<TimerEnvironment>(() => ({
    clock: performanceClock,
    soundPlayer: createWebAudioSoundPlayer(),
    sessionStore: sessionStorage,
    outboxStore: localStorage,
    ...environment,
  }));
  const [active, setActive] = useState<ActiveTimer | null>(() => resumed(env));
  const plan = useMemo(() => (active ? timerPlan(active.timer) : null), [active]);
  const send = useCompletionSender();
  const memberId = useIdentity().user?.userId;
  const heartRate = useHeartRateSession({ bluetooth: env.bluetooth });
  const heartRateSamples = useRef<HeartRateSamples>([]);
  // The R–R intervals of each second trained, when the sensor sends them (ADR 0146).
  const heartRateRr = useRef<RrSeconds>([]);
  const { readBpm, takeRr } = heartRate.sensor;
  const [summary, setSummary] = useState<HeartRateSummaryDto | null>(null);
  const { data: profile } = useGetHeartRateProfileQuery(undefined, { skip: !summary });
  const sampleHeartRate = useCallback(
    (second: number) => {
      heartRateSamples.current = sampleSecond(heartRateSamples.current, second, readBpm());
      heartRateRr.current = collectRr(heartRateRr.current, second, takeRr());
    },
    [readBpm, takeRr],
  );

  const start = (timer: TimerDefinition) => {
    const timerPlanned = timerPlan(timer);
    clearSession(env.sessionStore, TIMER_ROUTE);
    saveCurrentTimer(env.sessionStore, timer);
    heartRateSamples.current = [];
    heartRateRr.current = [];
    setSummary(null);
    setActive({ timer, state: initialSessionState(timerPlanned, env.clock.now()), completionKey: newIdempotencyKey() });
    window.scrollTo?.(0, 0);
  };

  const leave = () => {
    clearSession(env.sessionStore, TIMER_ROUTE);
    clearCurrentTimer(env.sessionStore);
    setActive(null);
  };

  const saveCompletion = async (durationSec: number, completionKey: string): Promise<SaveResult> => {
    if (!active) return 'rejected';
    const series = seriesForCompletion(heartRateSamples.current, durationSec, [], heartRateRr.current);
    const { kind, name, workSec, restSec, rounds, sets, setRestSec } = active.timer;
    const item = {
      idempotencyKey: completionKey,
      memberId,
      body: {
        workoutId: 'interval-timer',
        planId: null,
        enrollmentId: null,
        durationSec,
        intervalTimer: { kind, name, workSec, restSec, rounds, sets, setRestSec },
        ...(series && { heartRate: series }),
      },
      queuedAt: new Date().toISOString(),
    };
    // Queued before sending: a tab closed mid-request still has it for the next load (ADR 0053).
    enqueueCompletion(env.outboxStore, item);
    const { outcome, heartRate: answered } = await send(item);
    if (outcome === 'retry') return 'queued';
    removeCompletion(env.outboxStore, completionKey);
    if (outcome === 'drop') return 'rejected';
    clearSession(env.sessionStore, TIMER_ROUTE);
    clearCurrentTimer(env.sessionStore);
    if (answered) setSummary(answered);
    return 'saved';
  };

  if (active && plan) {
    return (
      <TimerRunner
        key={active.completionKey}
        timer={active.timer}
        plan={plan}
        initialState={active.state}
        completionKey={active.completionKey}
        clock={env.clock}
        soundPlayer={env.soundPlayer}
        sessionStore={env.sessionStore}
        onSave={saveCompletion}
        onLeave={leave}
        heartRate={<HeartRateLive session={heartRate} layout="bar" />}
        onSecondTrained={sampleHeartRate}
        summary={summary && <HeartRateSummary summary={summary} zones={profile?.zones ?? []} />}
      />
    );
  }

  return (
    <MembersLayout>
      <PageHeader
        title="Temporizador"
        subtitle="Tabata, EMOM, AMRAP o tus propios intervalos. Pantalla encendida, pitidos 3-2-1 y números que ves desde lejos."
      />
      <Section title="Temporizadores clásicos" headingId="timer-built-in">
        <Row className="g-3 list-unstyled ps-0 mb-0" as="ul" role="list">
          {BUILT_IN_TIMERS.map((timer) => {
            const Icon = KIND_ICONS[timer.kind] ?? TimerIcon;
            return (
              <Col as="li" md={4} key={timer.kind}>
                <article className="timer-card" aria-labelledby={`timer-${timer.kind}`}>
                  <div className="timer-card__head">
                    <span className={`timer-card__icon timer-card__icon--${timer.kind}`}>
                      <Icon size={22} aria-hidden="true" />
                    </span>
                    <h3 id={`timer-${timer.kind}`} className="timer-card__title">
                      {timer.name}
                    </h3>
                  </div>
                  <p className="timer-card__text">{timer.description}</p>
                  <p className="timer-card__meta">
                    {shape(timer)} · {formatClock(timerTotalSec(timer))}
                  </p>
                  <Button className="btn-brand timer-card__start" onClick={() => start(timer)} aria-label={`Empezar ${timer.name}`}>
                    <Play size={18} aria-hidden="true" /> Empezar
                  </Button>
                </article>
              </Col>
            );
          })}
        </Row>
      </Section>
      <Row className="g-3">
        <Col lg={6}>
          <Section title="Personalizado" headingId="timer-custom">
            <CustomTimer onStart={start} />
          </Section>
        </Col>
        <Col lg={6}>
          <Section title="Mis temporizadores" headingId="timer-mine">
            <MyTimers onStart={start} />
          </Section>
        </Col>
      </Row>
    </MembersLayout>
  );
}

function CustomTimer({ onStart }: { onStart: (timer: TimerDefinition) => void }) {
  const [create, { isLoading }] = useCreateTimerPresetMutation();
  const onSave = async (name: string, spec: TimerSpec): Promise<string | null> => {
    const result = await create({ 'idempotency-key': newIdempotencyKey(), createTimerPresetDto: { name, ...spec } });
    if (!('error' in result) || !result.error) return null;
    return serverMessage(result.error) ?? 'No pudimos guardar tu temporizador. Revisa tu conexión e inténtalo de nuevo.';
  };
  return <TimerEditor onStart={onStart} onSave={onSave} saving={isLoading} />;
}

function MyTimers({ onStart }: { onStart: (timer: TimerDefinition) => void }) {
  const presets = useListTimerPresetsQuery();
  const [remove, removal] = useDeleteTimerPresetMutation();
  const [deleting, setDeleting] = useState<TimerPresetDto | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await remove({ id: deleting.id, 'idempotency-key': newIdempotencyKey() });
    if ('error' in result && result.error) {
      setDeleteError(serverMessage(result.error) ?? 'No pudimos eliminar el temporizador. Inténtalo de nuevo.');
      return;
    }
    setDeleting(null);
  };

  if (presets.isError) {
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-0">
        No pudimos cargar tus temporizadores.
        <Button variant="outline-danger" size="sm" onClick={() => void presets.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  }
  if (!presets.data) {
    return (
      <LoadingRegion label="Cargando tus temporizadores...">
        <Skeleton height={72} className="mb-2" />
        <Skeleton height={72} />
      </LoadingRegion>
    );
  }
  const list = presets.data.presets;
  return (
    <>
      {list.length === 0 ? (
        <EmptyState icon={Bookmark} title="Aún no guardas temporizadores">
          <p className="text-secondary mb-0">Arma uno en «Personalizado», ponle nombre y toca «Guardar en mis temporizadores» para tenerlo siempre a mano.</p>
        </EmptyState>
      ) : (
        <ul className="timer-presets list-unstyled mb-0" aria-label="Mis temporizadores">
          {list.map((preset) => (
            <li key={preset.id} className="timer-preset">
              <div className="timer-preset__text">
                <h3 className="timer-preset__name">{preset.name}</h3>
                <p className="timer-preset__meta">
                  {shape(preset)} · {formatClock(preset.totalSec)}
                </p>
              </div>
              <div className="timer-preset__actions">
                <Button className="btn-brand" onClick={() => onStart({ kind: 'custom', ...preset })} aria-label={`Empezar ${preset.name}`}>
                  <Play size={18} aria-hidden="true" /> Empezar
                </Button>
                <Button
                  variant="outline-secondary"
                  onClick={() => {
                    setDeleteError(null);
                    setDeleting(preset);
                  }}
                  aria-label={`Eliminar ${preset.name}`}
                >
                  <Trash2 size={18} aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <MembersModal
        show={deleting !== null}
        onHide={() => setDeleting(null)}
        title="¿Eliminar este temporizador?"
        titleId="timer-delete-title"
        confirm
        error={deleteError}
        footer={
          <>
            <Button variant="outline-secondary" onClick={() => setDeleting(null)} disabled={removal.isLoading}>
              Cancelar
            </Button>
            <Button variant="danger" onClick={() => void confirmDelete()} disabled={removal.isLoading}>
              {removal.isLoading ? 'Eliminando...' : 'Eliminar'}
            </Button>
          </>
        }
      >
        <p className="mb-0">«{deleting?.name}» dejará de aparecer en tus temporizadores. Tus entrenamientos guardados no cambian.</p>
      </MembersModal>
    </>
  );
}

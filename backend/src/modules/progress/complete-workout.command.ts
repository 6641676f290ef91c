import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { CATALOG_MESSAGES, CatalogReadModel } from '../catalog/catalog.read-model';
import { StoreHeartRateSeries } from '../heart-rate/store-heart-rate-series.command';
import { noticeCoversRr } from '../heart-rate/heart-rate.rules';
import { INTERVAL_TIMER_WORKOUT_ID, TIMER_MESSAGES, timerSessionTitle, type IntervalTimerSession } from '../interval-timer/interval-timer.rules';
import type { WorkoutCompleted } from '../members/member.events';
import { MemberStreams } from '../members/member-streams';
import type { CompleteWorkoutDto, CompleteWorkoutResponseDto, ProgressRecordDto } from './dto/progress.dto';
import { decideWorkoutCompletion } from './workout-completion.decider';

const COMPLETION_MESSAGES = {
  runningDurationRequired: 'La duración es requerida para un entrenamiento de carrera.',
  recordedMeanwhile: 'Otro cambio se guardó al mismo tiempo. Inténtalo de nuevo.',
} as const;

/**
 * The player's `{workoutId, planId, enrollmentId}` (both null for a standalone workout) or the
 * running modal's `{workoutId, isRunning, duration}`; a `completionId` names it better than the key.
 */
export class CompleteWorkout extends Command<CompleteWorkoutResponseDto> {
  constructor(
    readonly user: AuthUser,
    readonly body: CompleteWorkoutDto,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/** The timer session as sent, field by field (a fixed order keeps the request's fingerprint stable). */
function timerSessionOf(body: CompleteWorkoutDto): IntervalTimerSession | undefined {
  const timer = body.intervalTimer;
  if (!timer) return undefined;
  return {
    kind: timer.kind,
    name: timer.name,
    workSec: timer.workSec,
    restSec: timer.restSec,
    rounds: timer.rounds,
    sets: timer.sets,
    setRestSec: timer.setRestSec,
  };
}

/** What the catalogue says about the completed workout: its kind and its estimate. */
interface WorkoutFacts {
  isRunning: boolean;
  estDurationSec: number;
}

@CommandHandler(CompleteWorkout)
export class CompleteWorkoutHandler implements ICommandHandler<CompleteWorkout, CompleteWorkoutResponseDto> {
  constructor(
    private readonly members: MemberStreams,
    private readonly catalog: CatalogReadModel,
    private readonly commandBus: CommandBus,
  ) {}

  async execute({ user, body, idempotencyKey }: CompleteWorkout): Promise<CompleteWorkoutResponseDto> {
    const heartRateSamples = body.heartRate?.samples;
    // Kept with the readings only, never in the event nor the summary (ADR 0146).
    const rr = body.heartRate?.rr;
    const heartRateRr = rr ? { ms: rr.ms, counts: rr.counts } : undefined;
    const written = await this.members.write({
      user,
      kind: 'complete-workout',
      idempotencyKey,
      clientId: body.completionId,
      input: {
        workoutId: body.workoutId.toLowerCase(),
        planId: body.planId?.toLowerCase() ?? null,
        enrollmentId: body.enrollmentId?.toLowerCase() ?? null,
        isRunning: body.isRunning ?? null,
        durationSec: body.durationSec ?? body.duration ?? null,
        // Only when sent: a retry of a completion made before readings existed keeps its fingerprint.
        ...(heartRateSamples ? { heartRateSamples } : {}),
        // Likewise: a retry of a completion sent without R–R intervals keeps its fingerprint.
        ...(heartRateRr ? { heartRateRr } : {}),
        ...(body.intervalTimer ? { intervalTimer: timerSessionOf(body) } : {}),
      },
      decide: decideWorkoutCompletion,
      command: (completionId, now) => {
        const facts = this.workoutFacts(body);
        const durationSec = body.durationSec ?? body.duration ?? (facts.isRunning ? undefined : facts.estDurationSec);
        if (durationSec === undefined) throw new DomainError('invalid', COMPLETION_MESSAGES.runningDurationRequired, { field: 'duration' });
        return {
          type: 'CompleteWorkout',
          data: {
            completionId,
            workoutId: body.workoutId.toLowerCase(),
            planId: body.planId ? body.planId.toLowerCase() : null,
            enrollmentId: body.enrollmentId ? body.enrollmentId.toLowerCase() : null,
            isRunning: facts.isRunning,
            durationSec,
            now,
            ...(heartRateSamples ? { heartRateSamples } : {}),
            ...(body.intervalTimer ? { intervalTimer: timerSessionOf(body) } : {}),
          },
        };
      },
    });
    // A retry answers with the completion stored the first time. The decider only stays silent
    // on a completion id it holds under another command, which no member route writes.
    const completed = written.events.find((event): event is WorkoutCompleted => event.type === 'WorkoutCompleted');
    if (!completed) throw new DomainError('conflict', COMPLETION_MESSAGES.recordedMeanwhile);
    // A retry after the member deleted their heart-rate data (ADR 0144) neither shows the summary nor keeps the readings.
    const deletedAt = written.state.heartRateDataDeletedAt;
    const heartRate = deletedAt !== null && deletedAt >= completed.data.occurredAt ? undefined : completed.data.heartRate;
    // A summary means consent was in force when the completion was decided: keep its readings,
    // and the intervals between beats only under a notice that names them (ADR 0146).
    if (heartRate && heartRateSamples) {
      const rr = noticeCoversRr(written.state.heartRateConsent?.noticeVersion) ? (heartRateRr ?? null) : null;
      await this.commandBus.execute(
        new StoreHeartRateSeries(user.userId, completed.data.completionId, completed.data.durationSec, heartRateSamples, completed.data.occurredAt, rr),
      );
    }
    return { progress: this.record(completed.data), duplicate: written.replayed, consistent: written.consistent, heartRate: heartRate ?? null };
  }

  private workoutFacts(body: CompleteWorkoutDto): WorkoutFacts {
    // Not a catalogue workout: the decider checks the timer's description (ADR 0161).
    if (body.workoutId.toLowerCase() === INTERVAL_TIMER_WORKOUT_ID) {
      if (body.durationSec === undefined && body.duration === undefined) {
        throw new DomainError('invalid', TIMER_MESSAGES.durationRequired, { field: 'durationSec' });
      }
      return { isRunning: false, estDurationSec: 0 };
    }
    const running = this.catalog.findRunningWorkout(body.workoutId);
    if (body.isRunning === true) {
      if (!running) throw new DomainError('not-found', CATALOG_MESSAGES.runningWorkoutNotFound, { field: 'workoutId' });
      return { isRunning: true, estDurationSec: running.duration * 60 };
    }
    const training = this.catalog.findWorkout(body.workoutId);
    if (training) return { isRunning: false, estDurationSec: training.estDurationSec };
    if (running) return { isRunning: true, estDurationSec: running.duration * 60 };
    throw new DomainError('not-found', CATALOG_MESSAGES.workoutNotFound, { field: 'workoutId' });
  }

  private record(data: WorkoutCompleted['data']): ProgressRecordDto {
    if (data.intervalTimer) {
      const timer = data.intervalTimer;
      return {
        _id: data.completionId,
        completedAt: data.occurredAt,
        localDate: data.localDate,
        workoutId: { _id: data.workoutId, title: timerSessionTitle(timer), estDurationSec: data.durationSec },
        planId: null,
        enrollmentId: null,
        durationSec: data.durationSec,
        isRunning: false,
        heartRate: data.heartRate ?? null,
      };
    }
    const training = this.catalog.findWorkout(data.workoutId);
    const running = training ? undefined : this.catalog.findRunningWorkout(data.workoutId);
    const plan = data.planId ? this.catalog.findPlan(data.planId) : undefined;
    return {
      _id: data.completionId,
      completedAt: data.occurredAt,
      localDate: data.localDate,
      workoutId: {
        _id: data.workoutId,
        title: training?.title ?? running?.title ?? 'Entrenamiento no disponible',
        estDurationSec: training?.estDurationSec ?? (running ? running.duration * 60 : 0),
      },
      planId: data.planId ? { _id: data.planId, title: plan?.title ?? 'Plan no disponible' } : null,
      enrollmentId: data.enrollmentId,
      durationSec: data.durationSec,
      isRunning: data.isRunning,
      heartRate: data.heartRate ?? null,
    };
  }
}

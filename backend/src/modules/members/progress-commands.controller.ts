import { Body, Controller, Headers, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { EventStore, type RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { DomainError } from '../../shared/domain-error';
import { CATALOG_MESSAGES, CatalogReadModel } from '../catalog/catalog.read-model';
import { CompleteWorkoutDto, CompleteWorkoutResponseDto, ProgressRecordDto } from './dto/progress.dto';
import { ApiMemberError, UNAUTHORIZED_MESSAGE } from './member-api-docs';
import { IDEMPOTENCY_KEY_MESSAGE, isUuid, memberScopedId, runMemberCommand } from './member-commands';
import { MEMBER_MESSAGES } from './member.decider';
import { memberStreamName, type WorkoutCompleted } from './member.events';

export const COMPLETION_MESSAGES = {
  runningDurationRequired: 'duration es requerido para un entrenamiento de carrera.',
} as const;

/** What the catalogue says about the completed workout: its kind, its reference for the answer and its estimate. */
interface WorkoutFacts {
  isRunning: boolean;
  title: string;
  estDurationSec: number;
}

/**
 * `POST /progress/complete` (spec section 7): the player's `{workoutId, planId, enrollmentId}`
 * (both null for a standalone workout) and the running modal's `{workoutId, isRunning, duration}`.
 * The reads of `/progress` and `/progress/stats` live in the progress module.
 */
@ApiTags('members')
@ApiBearerAuth()
@ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
@Controller('progress')
export class ProgressCommandsController {
  constructor(
    private readonly store: EventStore,
    private readonly catalog: CatalogReadModel,
    private readonly engine: ProjectionEngine,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('complete')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'completeWorkout',
    summary: 'Registrar un entrenamiento completado (de un plan, libre o de carrera)',
    description:
      'Un reintento con el mismo `Idempotency-Key` (o `completionId`) se cuenta una sola vez y recibe la misma respuesta, con `duplicate: true`. ' +
      'Completar el último entrenamiento de un plan completa la inscripción.',
  })
  @ApiHeader({ name: 'idempotency-key', required: false, description: 'UUID generado por el cliente; el mismo en cada reintento' })
  @ApiOkResponse({ type: CompleteWorkoutResponseDto })
  @ApiMemberError(400, 'Cuerpo inválido (el mensaje nombra el campo)', 'workoutId es requerido.', 'invalid', { field: 'workoutId' })
  @ApiMemberError(404, 'Entrenamiento o inscripción desconocidos', CATALOG_MESSAGES.workoutNotFound, 'not-found', { field: 'workoutId' })
  @ApiMemberError(409, 'No es el entrenamiento actual, o la inscripción está pausada, completada o abandonada', MEMBER_MESSAGES.notCurrentWorkout, 'conflict')
  async completeWorkout(
    @CurrentUser() user: AuthUser,
    @Body() body: CompleteWorkoutDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<CompleteWorkoutResponseDto> {
    if (idempotencyKey !== undefined && idempotencyKey !== '' && !isUuid(idempotencyKey)) {
      throw new DomainError('invalid', IDEMPOTENCY_KEY_MESSAGE, { field: 'Idempotency-Key' });
    }
    const facts = this.workoutFacts(body);
    const durationSec = body.durationSec ?? body.duration ?? (facts.isRunning ? undefined : facts.estDurationSec);
    if (durationSec === undefined) throw new DomainError('invalid', COMPLETION_MESSAGES.runningDurationRequired, { field: 'duration' });

    // Member-scoped (ADR 0065): the same key from another member is another completion.
    const completionId = memberScopedId(user.userId, 'complete-workout', body.completionId ?? (idempotencyKey || randomUUID()));
    const now = new Date().toISOString();
    const result = await runMemberCommand(
      this.store,
      user,
      {
        type: 'CompleteWorkout',
        data: {
          completionId,
          workoutId: body.workoutId.toLowerCase(),
          planId: body.planId ? body.planId.toLowerCase() : null,
          enrollmentId: body.enrollmentId ? body.enrollmentId.toLowerCase() : null,
          isRunning: facts.isRunning,
          durationSec,
          now,
        },
      },
      completionId,
      now,
    );

    // Every answer comes from the stored event, so a retry says what was recorded the first time.
    // A racing identical request is normally answered through the handler's replay (ADR 0027);
    // where the store cannot tell a deduplicated append, the stored event is not this decision.
    const decided = result.events.find((event): event is WorkoutCompleted => event.type === 'WorkoutCompleted')?.data;
    const recorded = await this.storedCompletion(user, completionId, result.lastRevision);
    const position = result.position;
    const consistent = position
      ? (await this.engine.waitFor(position, { eventTypes: ['WorkoutCompleted', 'EnrollmentCompleted'] }, this.config.eventStore.readYourWritesTimeoutMs)).reached
      : true;
    const duplicate = result.replayed || decided === undefined || decided.occurredAt !== recorded.occurredAt;
    return { progress: this.record(recorded), duplicate, consistent };
  }

  private workoutFacts(body: CompleteWorkoutDto): WorkoutFacts {
    const running = this.catalog.findRunningWorkout(body.workoutId);
    if (body.isRunning === true) {
      if (!running) throw new DomainError('not-found', CATALOG_MESSAGES.runningWorkoutNotFound, { field: 'workoutId' });
      return { isRunning: true, title: running.title, estDurationSec: running.duration * 60 };
    }
    const training = this.catalog.findWorkout(body.workoutId);
    if (training) return { isRunning: false, title: training.title, estDurationSec: training.estDurationSec };
    if (running) return { isRunning: true, title: running.title, estDurationSec: running.duration * 60 };
    throw new DomainError('not-found', CATALOG_MESSAGES.workoutNotFound, { field: 'workoutId' });
  }

  /** The stored completion: in the last two events of the append when it just happened, else anywhere in the stream. */
  private async storedCompletion(user: AuthUser, completionId: string, lastRevision: bigint | undefined): Promise<WorkoutCompleted['data']> {
    const stream = memberStreamName(user.userId);
    if (lastRevision !== undefined) {
      const tail = await this.store.readStream(stream, { direction: 'backwards', fromRevision: lastRevision, maxCount: 2 });
      const found = completionIn(tail, completionId);
      if (found) return found;
    }
    const found = completionIn(await this.store.readStream(stream), completionId);
    if (found) return found;
    // The decider only stays silent on a completion id it already holds.
    throw new DomainError('conflict', 'Otro cambio se guardó al mismo tiempo. Inténtalo de nuevo.');
  }

  private record(data: WorkoutCompleted['data']): ProgressRecordDto {
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
    };
  }
}

function completionIn(events: RecordedEvent[], completionId: string): WorkoutCompleted['data'] | undefined {
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index];
    if (event.type === 'WorkoutCompleted' && (event.data as WorkoutCompleted['data']).completionId === completionId) {
      return event.data as WorkoutCompleted['data'];
    }
  }
  return undefined;
}

import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiExtraModels, ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import type { CommandResult } from '../../infrastructure/event-store/command-handler';
import { EventStore } from '../../infrastructure/event-store/event-store.port';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { DomainError } from '../../shared/domain-error';
import { CATALOG_MESSAGES, CatalogReadModel } from '../catalog/catalog.read-model';
import { RunningWorkoutDto, WorkoutDto } from '../catalog/dto/catalog.dto';
import {
  AbandonEnrollmentResponseDto,
  CreateEnrollmentDto,
  CurrentWorkoutResponseDto,
  EnrollmentDto,
  EnrollmentResponseDto,
  EnrollmentsResponseDto,
} from './dto/enrollment.dto';
import { ApiMemberError, UNAUTHORIZED_MESSAGE } from './member-api-docs';
import { commandIdFor, isUuid, runMemberCommand } from './member-commands';
import { memberEnrollmentsProjection } from './member-enrollments.projection';
import { MemberEnrollmentsReadModel, type EnrollmentRow } from './member-enrollments.read-model';
import { MEMBER_MESSAGES, type MemberState } from './member.decider';

export const ENROLLMENT_ID_MESSAGE = 'id no es un identificador de inscripción válido.';
const IDEMPOTENCY_HEADER = { name: 'idempotency-key', required: false, description: 'UUID; un reintento con la misma clave se aplica una sola vez' };
const ID_PARAM = { name: 'id', description: 'Id de la inscripción', example: '5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f' };

/**
 * Spec section 7: the member's own enrolments. Every route reads and writes only the
 * caller's `member-{userId}` stream and rows, so another member's id is "not found".
 */
@ApiTags('members')
@ApiBearerAuth()
@ApiExtraModels(WorkoutDto, RunningWorkoutDto)
@ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
@Controller('enrollments')
export class EnrollmentsController {
  constructor(
    private readonly store: EventStore,
    private readonly enrollments: MemberEnrollmentsReadModel,
    private readonly catalog: CatalogReadModel,
    private readonly engine: ProjectionEngine,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listMemberEnrollments', summary: 'Inscripciones del socio (activas, pausadas y completadas)' })
  @ApiOkResponse({ type: EnrollmentsResponseDto, description: 'Sin inscripciones: lista vacía (nunca 404)' })
  async listMemberEnrollments(@CurrentUser() user: AuthUser): Promise<EnrollmentsResponseDto> {
    const rows = await this.enrollments.listForMember(user.userId);
    return { enrollments: rows.map((row) => this.toDto(row)) };
  }

  @Post()
  @ApiOperation({ operationId: 'enrollInPlan', summary: 'Inscribirse en un plan; congela su orden de entrenamientos' })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiCreatedResponse({ type: EnrollmentResponseDto })
  @ApiMemberError(400, 'Cuerpo inválido', 'planId es requerido.', 'invalid', { field: 'planId' })
  @ApiMemberError(404, 'Plan desconocido', CATALOG_MESSAGES.planNotFound, 'not-found', { field: 'planId' })
  @ApiMemberError(409, 'Ya inscrito en ese plan (activo o pausado)', MEMBER_MESSAGES.alreadyEnrolled, 'conflict')
  async enrollInPlan(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateEnrollmentDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<EnrollmentResponseDto> {
    const commandId = commandIdFor(user, 'enroll', idempotencyKey);
    const plan = this.catalog.getPlan(body.planId);
    const now = new Date().toISOString();
    // The enrolment's id is the member-scoped command id: a retry names the same enrolment.
    const result = await runMemberCommand(
      this.store,
      user,
      { type: 'EnrollInPlan', data: { enrollmentId: commandId, planId: plan._id, workoutIds: plan.workouts.map((workout) => workout._id), now } },
      commandId,
      now,
    );
    return { enrollment: await this.answer(user, commandId, result, now) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ operationId: 'abandonEnrollment', summary: 'Abandonar (darse de baja de) un plan' })
  @ApiParam(ID_PARAM)
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOkResponse({ type: AbandonEnrollmentResponseDto })
  @ApiMemberError(400, 'Id mal formado', ENROLLMENT_ID_MESSAGE, 'invalid', { field: 'id' })
  @ApiMemberError(404, 'Inscripción ajena, desconocida o ya abandonada', MEMBER_MESSAGES.enrollmentNotFound, 'not-found', { field: 'id' })
  @ApiMemberError(409, 'Plan ya completado', MEMBER_MESSAGES.enrollmentCompleted, 'conflict')
  async abandonEnrollment(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<AbandonEnrollmentResponseDto> {
    const enrollmentId = checkedId(id);
    const commandId = commandIdFor(user, 'abandon-enrollment', idempotencyKey);
    const now = new Date().toISOString();
    await runMemberCommand(this.store, user, { type: 'AbandonEnrollment', data: { enrollmentId, now } }, commandId, now);
    return { enrollmentId, status: 'abandoned', message: 'Abandonaste el plan.' };
  }

  @Get(':id/current')
  @ApiOperation({ operationId: 'getCurrentWorkout', summary: 'Entrenamiento actual y siguiente de una inscripción, con el avance' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: CurrentWorkoutResponseDto })
  @ApiMemberError(400, 'Id mal formado', ENROLLMENT_ID_MESSAGE, 'invalid', { field: 'id' })
  @ApiMemberError(404, 'Inscripción ajena, desconocida o abandonada', MEMBER_MESSAGES.enrollmentNotFound, 'not-found', { field: 'id' })
  async getCurrentWorkout(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<CurrentWorkoutResponseDto> {
    const row = await this.ownRow(user, checkedId(id));
    const total = row.workoutIds.length;
    const done = row.status === 'completed' || row.currentIndex >= total;
    const index = Math.min(row.currentIndex, total);
    return {
      currentWorkout: done ? null : this.workoutOf(row.workoutIds[index]),
      nextWorkout: done || index + 1 >= total ? null : this.workoutOf(row.workoutIds[index + 1]),
      progress: {
        current: done ? total : index + 1,
        total,
        percentComplete: total === 0 ? 0 : done ? 100 : Math.round((index / total) * 100),
      },
    };
  }

  @Post(':id/pause')
  @HttpCode(200)
  @ApiOperation({ operationId: 'pauseEnrollment', summary: 'Pausar una inscripción propia (ADR 0060)' })
  @ApiParam(ID_PARAM)
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOkResponse({ type: EnrollmentResponseDto, description: 'Pausar una inscripción ya pausada no cambia nada' })
  @ApiMemberError(400, 'Id mal formado', ENROLLMENT_ID_MESSAGE, 'invalid', { field: 'id' })
  @ApiMemberError(404, 'Inscripción ajena, desconocida o abandonada', MEMBER_MESSAGES.enrollmentNotFound, 'not-found', { field: 'id' })
  @ApiMemberError(409, 'Plan ya completado', MEMBER_MESSAGES.enrollmentCompleted, 'conflict')
  async pauseEnrollment(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<EnrollmentResponseDto> {
    const enrollmentId = checkedId(id);
    const commandId = commandIdFor(user, 'pause-enrollment', idempotencyKey);
    const now = new Date().toISOString();
    // The member's own route always acts as the member; studio holds come from the staff console (ADR 0060).
    const result = await runMemberCommand(this.store, user, { type: 'PauseEnrollment', data: { enrollmentId, by: 'member', now } }, commandId, now);
    return { enrollment: await this.answer(user, enrollmentId, result, now) };
  }

  @Post(':id/resume')
  @HttpCode(200)
  @ApiOperation({ operationId: 'resumeEnrollment', summary: 'Reactivar una inscripción pausada por el socio (ADR 0060)' })
  @ApiParam(ID_PARAM)
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOkResponse({ type: EnrollmentResponseDto, description: 'Reactivar una inscripción activa no cambia nada' })
  @ApiMemberError(400, 'Id mal formado', ENROLLMENT_ID_MESSAGE, 'invalid', { field: 'id' })
  @ApiMemberError(403, 'Pausa del estudio: solo el personal la levanta', MEMBER_MESSAGES.pausedByStudio, 'forbidden')
  @ApiMemberError(404, 'Inscripción ajena, desconocida o abandonada', MEMBER_MESSAGES.enrollmentNotFound, 'not-found', { field: 'id' })
  @ApiMemberError(409, 'Plan ya completado', MEMBER_MESSAGES.enrollmentCompleted, 'conflict')
  async resumeEnrollment(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<EnrollmentResponseDto> {
    const enrollmentId = checkedId(id);
    const commandId = commandIdFor(user, 'resume-enrollment', idempotencyKey);
    const now = new Date().toISOString();
    const result = await runMemberCommand(this.store, user, { type: 'ResumeEnrollment', data: { enrollmentId, by: 'member', now } }, commandId, now);
    return { enrollment: await this.answer(user, enrollmentId, result, now) };
  }

  /**
   * The enrolment after a command: status, index and hold from the decided state (always
   * current), its moments from the read model once it has caught up with the write.
   */
  private async answer(user: AuthUser, enrollmentId: string, result: CommandResult<MemberState>, now: string): Promise<EnrollmentDto> {
    const decided = result.state.enrollments.get(enrollmentId);
    if (!decided) throw new DomainError('not-found', MEMBER_MESSAGES.enrollmentNotFound, { field: 'id' });
    if (result.position) {
      await this.engine.waitFor(result.position, { projections: [memberEnrollmentsProjection.name] }, this.config.eventStore.readYourWritesTimeoutMs);
    }
    const row = await this.enrollments.findForMember(user.userId, enrollmentId);
    return this.toDto({
      enrollmentId,
      userId: user.userId,
      planId: decided.planId,
      workoutIds: [...decided.workoutIds],
      currentIndex: decided.currentIndex,
      status: decided.status,
      pausedBy: decided.pausedBy,
      enrolledAt: row?.enrolledAt ?? now,
      completedAt: row?.completedAt ?? null,
    });
  }

  private async ownRow(user: AuthUser, enrollmentId: string): Promise<EnrollmentRow> {
    const row = await this.enrollments.findForMember(user.userId, enrollmentId);
    if (!row || row.status === 'abandoned') throw new DomainError('not-found', MEMBER_MESSAGES.enrollmentNotFound, { field: 'id' });
    return row;
  }

  private toDto(row: EnrollmentRow): EnrollmentDto {
    const plan = this.catalog.findPlan(row.planId);
    return {
      _id: row.enrollmentId,
      planId: {
        _id: row.planId,
        title: plan?.title ?? 'Plan no disponible',
        difficulty: plan?.difficulty ?? 'beginner',
        // The enrolment's own total: its frozen order, not today's plan (ADR 0061).
        totalWorkouts: row.workoutIds.length,
      },
      // Abandoned enrolments never get here: the list leaves them out and the routes answer 404.
      status: row.status as EnrollmentDto['status'],
      currentIndex: row.currentIndex,
      enrolledAt: row.enrolledAt,
      completedAt: row.completedAt,
      pausedBy: row.status === 'paused' ? row.pausedBy : null,
    };
  }

  /** A frozen workout id as the catalogue serves it today, of either kind; null if it has left the catalogue. */
  private workoutOf(id: string | undefined): WorkoutDto | RunningWorkoutDto | null {
    if (id === undefined) return null;
    return this.catalog.findWorkout(id) ?? this.catalog.findRunningWorkout(id) ?? null;
  }
}

function checkedId(id: string): string {
  if (!isUuid(id)) throw new DomainError('invalid', ENROLLMENT_ID_MESSAGE, { field: 'id' });
  return id.toLowerCase();
}

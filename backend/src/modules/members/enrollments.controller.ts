import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiExtraModels, ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { ApiIdempotencyKeyReused, ApiMemberError, IDEMPOTENCY_HEADER, UNAUTHORIZED_MESSAGE } from '../../infrastructure/http/api-docs';
import { CATALOG_MESSAGES } from '../catalog/catalog.read-model';
import { RunningWorkoutDto, WorkoutDto } from '../catalog/dto/catalog.dto';
import { AbandonEnrollment } from './abandon-enrollment.command';
import {
  AbandonEnrollmentResponseDto,
  CreateEnrollmentDto,
  CurrentWorkoutResponseDto,
  EnrollmentResponseDto,
  EnrollmentsResponseDto,
} from './dto/enrollment.dto';
import { EnrollInPlan } from './enroll-in-plan.command';
import { ENROLLMENT_ID_MESSAGE } from './enrollment-view';
import { GetCurrentWorkout } from './get-current-workout.query';
import { ListEnrollments } from './list-enrollments.query';
import { MEMBER_MESSAGES } from './member.decider';
import { PauseEnrollment } from './pause-enrollment.command';
import { ResumeEnrollment } from './resume-enrollment.command';

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
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listMemberEnrollments', summary: 'Inscripciones del socio (activas, pausadas y completadas)' })
  @ApiOkResponse({ type: EnrollmentsResponseDto, description: 'Sin inscripciones: lista vacía (nunca 404)' })
  listMemberEnrollments(@CurrentUser() user: AuthUser): Promise<EnrollmentsResponseDto> {
    return this.queryBus.execute(new ListEnrollments(user));
  }

  @Post()
  @ApiOperation({ operationId: 'enrollInPlan', summary: 'Inscribirse en un plan; congela su orden de entrenamientos' })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiIdempotencyKeyReused()
  @ApiCreatedResponse({ type: EnrollmentResponseDto })
  @ApiMemberError(400, 'Cuerpo inválido', 'planId es requerido.', 'invalid', { field: 'planId' })
  @ApiMemberError(404, 'Plan desconocido', CATALOG_MESSAGES.planNotFound, 'not-found', { field: 'planId' })
  @ApiMemberError(409, 'Ya inscrito en ese plan (activo o pausado)', MEMBER_MESSAGES.alreadyEnrolled, 'conflict')
  enrollInPlan(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateEnrollmentDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<EnrollmentResponseDto> {
    return this.commandBus.execute(new EnrollInPlan(user, body.planId, idempotencyKey));
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ operationId: 'abandonEnrollment', summary: 'Abandonar (darse de baja de) un plan' })
  @ApiParam(ID_PARAM)
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiIdempotencyKeyReused()
  @ApiOkResponse({ type: AbandonEnrollmentResponseDto })
  @ApiMemberError(400, 'Id mal formado', ENROLLMENT_ID_MESSAGE, 'invalid', { field: 'id' })
  @ApiMemberError(404, 'Inscripción ajena, desconocida o ya abandonada', MEMBER_MESSAGES.enrollmentNotFound, 'not-found', { field: 'id' })
  @ApiMemberError(409, 'Plan ya completado', MEMBER_MESSAGES.enrollmentCompleted, 'conflict')
  abandonEnrollment(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<AbandonEnrollmentResponseDto> {
    return this.commandBus.execute(new AbandonEnrollment(user, id, idempotencyKey));
  }

  @Get(':id/current')
  @ApiOperation({ operationId: 'getCurrentWorkout', summary: 'Entrenamiento actual y siguiente de una inscripción, con el avance' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: CurrentWorkoutResponseDto })
  @ApiMemberError(400, 'Id mal formado', ENROLLMENT_ID_MESSAGE, 'invalid', { field: 'id' })
  @ApiMemberError(404, 'Inscripción ajena, desconocida o abandonada', MEMBER_MESSAGES.enrollmentNotFound, 'not-found', { field: 'id' })
  getCurrentWorkout(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<CurrentWorkoutResponseDto> {
    return this.queryBus.execute(new GetCurrentWorkout(user, id));
  }

  @Post(':id/pause')
  @HttpCode(200)
  @ApiOperation({ operationId: 'pauseEnrollment', summary: 'Pausar una inscripción propia (ADR 0060)' })
  @ApiParam(ID_PARAM)
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiIdempotencyKeyReused()
  @ApiOkResponse({ type: EnrollmentResponseDto, description: 'Pausar una inscripción ya pausada no cambia nada' })
  @ApiMemberError(400, 'Id mal formado', ENROLLMENT_ID_MESSAGE, 'invalid', { field: 'id' })
  @ApiMemberError(404, 'Inscripción ajena, desconocida o abandonada', MEMBER_MESSAGES.enrollmentNotFound, 'not-found', { field: 'id' })
  @ApiMemberError(409, 'Plan ya completado', MEMBER_MESSAGES.enrollmentCompleted, 'conflict')
  pauseEnrollment(@CurrentUser() user: AuthUser, @Param('id') id: string, @Headers('idempotency-key') idempotencyKey?: string): Promise<EnrollmentResponseDto> {
    return this.commandBus.execute(new PauseEnrollment(user, id, idempotencyKey));
  }

  @Post(':id/resume')
  @HttpCode(200)
  @ApiOperation({ operationId: 'resumeEnrollment', summary: 'Reactivar una inscripción pausada por el socio (ADR 0060)' })
  @ApiParam(ID_PARAM)
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiIdempotencyKeyReused()
  @ApiOkResponse({ type: EnrollmentResponseDto, description: 'Reactivar una inscripción activa no cambia nada' })
  @ApiMemberError(400, 'Id mal formado', ENROLLMENT_ID_MESSAGE, 'invalid', { field: 'id' })
  @ApiMemberError(403, 'Pausa del estudio: solo el personal la levanta', MEMBER_MESSAGES.pausedByStudio, 'forbidden')
  @ApiMemberError(404, 'Inscripción ajena, desconocida o abandonada', MEMBER_MESSAGES.enrollmentNotFound, 'not-found', { field: 'id' })
  @ApiMemberError(409, 'Plan ya completado', MEMBER_MESSAGES.enrollmentCompleted, 'conflict')
  resumeEnrollment(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<EnrollmentResponseDto> {
    return this.commandBus.execute(new ResumeEnrollment(user, id, idempotencyKey));
  }
}

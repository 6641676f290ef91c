import { Body, Controller, Get, Headers, HttpCode, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { ApiIdempotencyKeyReused, ApiMemberError, UNAUTHORIZED_MESSAGE } from '../../infrastructure/http/api-docs';
import { CATALOG_MESSAGES } from '../catalog/catalog.read-model';
import { MEMBER_MESSAGES } from '../members/member.decider';
import { CompleteWorkout } from './complete-workout.command';
import { CompleteWorkoutDto, CompleteWorkoutResponseDto, ProgressListResponseDto, StatsResponseDto } from './dto/progress.dto';
import { ProgressPageQueryDto } from './dto/progress-query.dto';
import { GetProgressStats } from './get-progress-stats.query';
import { ListProgress } from './list-progress.query';

const UNAUTHORIZED = { description: 'Sin sesión: `error` "Debes iniciar sesión para continuar."' };

/**
 * Spec section 7: the signed-in member's completions and figures. There is no member id in
 * the path: the caller's token decides whose data is written and read.
 */
@ApiBearerAuth()
@Controller('progress')
export class ProgressController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('complete')
  @HttpCode(200)
  // Tagged as before the move, so the contract and the generated client stay as they were.
  @ApiTags('members')
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
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  @ApiMemberError(404, 'Entrenamiento o inscripción desconocidos', CATALOG_MESSAGES.workoutNotFound, 'not-found', { field: 'workoutId' })
  @ApiMemberError(409, 'No es el entrenamiento actual, o la inscripción está pausada, completada o abandonada', MEMBER_MESSAGES.notCurrentWorkout, 'conflict')
  @ApiIdempotencyKeyReused()
  completeWorkout(
    @CurrentUser() user: AuthUser,
    @Body() body: CompleteWorkoutDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<CompleteWorkoutResponseDto> {
    return this.commandBus.execute(new CompleteWorkout(user, body, idempotencyKey));
  }

  @Get('stats')
  @ApiTags('progress')
  @ApiOperation({
    summary: 'Cifras del socio: totales, rachas, semana y mes (días de El Salvador), actividad reciente, planes activos y logros',
  })
  @ApiOkResponse({ type: StatsResponseDto })
  @ApiUnauthorizedResponse(UNAUTHORIZED)
  getProgressStats(@CurrentUser() user: AuthUser): Promise<StatsResponseDto> {
    return this.queryBus.execute(new GetProgressStats(user));
  }

  @Get()
  @ApiTags('progress')
  @ApiOperation({ summary: 'Historial de entrenamientos completados, del más reciente al más antiguo, con paginación' })
  @ApiOkResponse({ type: ProgressListResponseDto })
  @ApiBadRequestResponse({
    description: 'limit u offset fuera de rango',
    schema: { example: { statusCode: 400, error: 'limit no puede ser mayor que 100.', message: 'limit no puede ser mayor que 100.', code: 'invalid' } },
  })
  @ApiUnauthorizedResponse(UNAUTHORIZED)
  listProgress(@CurrentUser() user: AuthUser, @Query() query: ProgressPageQueryDto): Promise<ProgressListResponseDto> {
    return this.queryBus.execute(new ListProgress(user, query.limit, query.offset));
  }
}

import { Body, Controller, Get, Headers, Param, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { Roles } from '../../infrastructure/auth/roles.decorator';
import { ApiIdempotencyKeyReused, ApiMemberError, IDEMPOTENCY_HEADER, UNAUTHORIZED_MESSAGE } from '../../infrastructure/http/api-docs';
import { HEART_RATE_MESSAGES } from './heart-rate.decider';
import {
  DeskHeartRateConsentDto,
  HeartRateProfileDto,
  HeartRateReadingsDto,
  HeartRateSessionParamDto,
  RecordDeskHeartRateConsentDto,
  SetMeasuredMaxHeartRateDto,
  StaffMemberHeartRateParamDto,
  UpdateHeartRateConsentDto,
} from './dto/heart-rate.dto';
import { DESK_CONSENT_MESSAGES, RecordHeartRateConsentAtDesk } from './record-heart-rate-consent-at-desk.command';
import { SetMeasuredMaxHeartRate } from './set-measured-max-heart-rate.command';
import { GetHeartRateReadings, READINGS_NOT_FOUND } from './get-heart-rate-readings.query';
import { GetHeartRateProfile } from './get-heart-rate-profile.query';
import { UpdateHeartRateConsent } from './update-heart-rate-consent.command';

/** Issue 18: the member's heart-rate consent and the zones the player shows. The token says whose. */
@ApiTags('heart-rate')
@ApiBearerAuth()
@Controller('heart-rate')
export class HeartRateController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('profile')
  @ApiOperation({ summary: 'Consentimiento, FC máxima, zonas con sus Puntos Pulso e insignia del socio' })
  @ApiOkResponse({ type: HeartRateProfileDto })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  getHeartRateProfile(@CurrentUser() user: AuthUser): Promise<HeartRateProfileDto> {
    return this.queryBus.execute(new GetHeartRateProfile(user));
  }

  @Put('consent')
  @ApiOperation({
    summary: 'Dar (con la versión del aviso leída) o retirar el consentimiento para registrar la frecuencia cardiaca',
    description: 'Responde el perfil de frecuencia cardiaca ya actualizado. Dar el consentimiento dos veces al mismo aviso no cambia nada.',
  })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOkResponse({ type: HeartRateProfileDto })
  @ApiMemberError(400, 'Cuerpo o Idempotency-Key inválidos', 'El consentimiento debe ser verdadero o falso.', 'invalid', { field: 'granted' })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  @ApiMemberError(409, 'El aviso leído no es el vigente', HEART_RATE_MESSAGES.staleHeartRateNotice, 'conflict', { field: 'noticeVersion' })
  @ApiIdempotencyKeyReused()
  updateHeartRateConsent(
    @CurrentUser() user: AuthUser,
    @Body() body: UpdateHeartRateConsentDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<HeartRateProfileDto> {
    return this.commandBus.execute(new UpdateHeartRateConsent(user, body, idempotencyKey));
  }

  @Get('sessions/:completionId/readings')
  @ApiOperation({
    summary: 'Lecturas de 1 Hz de una sesión propia, para descargarla como archivo .fit',
    description: 'Solo las sesiones del socio con frecuencia cardiaca registrada; cualquier otra responde 404.',
  })
  @ApiParam({ name: 'completionId', description: 'Id (UUID) de la sesión completada' })
  @ApiOkResponse({ type: HeartRateReadingsDto })
  @ApiMemberError(400, 'Identificador inválido', 'El identificador de la sesión no es válido.', 'invalid', { field: 'completionId' })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  @ApiMemberError(404, 'Sin lecturas de esa sesión', READINGS_NOT_FOUND, 'not-found', { field: 'completionId' })
  getHeartRateReadings(@CurrentUser() user: AuthUser, @Param() params: HeartRateSessionParamDto): Promise<HeartRateReadingsDto> {
    return this.queryBus.execute(new GetHeartRateReadings(user, params.completionId));
  }

  @Put('max')
  @ApiOperation({
    summary: 'Registrar la FC máxima que el socio midió (o volver a la estimada con null)',
    description:
      'Reemplaza la estimada por edad y cualquier subida anterior; una sesión por encima la puede subir después. Responde el perfil con las zonas nuevas.',
  })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOkResponse({ type: HeartRateProfileDto })
  @ApiMemberError(400, 'Valor fuera de rango', 'La FC máxima medida debe ser un número entero entre 100 y 230 LPM.', 'invalid', { field: 'maxHr' })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  @ApiIdempotencyKeyReused()
  setMeasuredMaxHeartRate(
    @CurrentUser() user: AuthUser,
    @Body() body: SetMeasuredMaxHeartRateDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<HeartRateProfileDto> {
    return this.commandBus.execute(new SetMeasuredMaxHeartRate(user, body, idempotencyKey));
  }
}

/** The front desk records the consent a member gives on the desk's screen (ADR 0295). */
@ApiTags('staff')
@ApiBearerAuth()
@Roles('staff')
@Controller('staff/members')
export class StaffHeartRateConsentController {
  constructor(private readonly commandBus: CommandBus) {}

  @Put(':userId/heart-rate-consent')
  @ApiOperation({
    summary: 'Registra en recepción el consentimiento de frecuencia cardiaca que el miembro acepta en la pantalla de recepción',
    description:
      'Queda en el historial del miembro con la versión del aviso y quién lo registró; el miembro lo ve en sus consentimientos ("en recepción") y lo puede retirar. Si ya lo tenía vigente no cambia nada.',
  })
  @ApiParam({ name: 'userId', description: 'Id del miembro' })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOkResponse({ type: DeskHeartRateConsentDto })
  @ApiMemberError(400, 'Sin la aceptación del miembro', DESK_CONSENT_MESSAGES.notAccepted, 'invalid', { field: 'memberAccepted' })
  @ApiMemberError(404, 'Miembro desconocido', DESK_CONSENT_MESSAGES.memberNotFound, 'not-found', { field: 'userId' })
  @ApiMemberError(409, 'El aviso leído no es el vigente', HEART_RATE_MESSAGES.staleHeartRateNotice, 'conflict', { field: 'noticeVersion' })
  @ApiIdempotencyKeyReused()
  recordDeskHeartRateConsent(
    @CurrentUser() staff: AuthUser,
    @Param() params: StaffMemberHeartRateParamDto,
    @Body() body: RecordDeskHeartRateConsentDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<DeskHeartRateConsentDto> {
    return this.commandBus.execute(new RecordHeartRateConsentAtDesk(staff, params.userId, body, idempotencyKey));
  }
}

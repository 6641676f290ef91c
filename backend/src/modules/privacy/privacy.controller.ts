import { Body, Controller, Get, Header, Headers, Param, Post, Put, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { ApiIdempotencyKeyReused, ApiMemberError, IDEMPOTENCY_HEADER, UNAUTHORIZED_MESSAGE } from '../../infrastructure/http/api-docs';
import { CONSENT_MESSAGES } from './consents.rules';
import { ConsentKindParamDto, ConsentsDto, FileRightsRequestDto, RightsRequestDto, RightsRequestsDto, UpdateConsentDto } from './dto/privacy.dto';
import { ExportMyData } from './export-member-data.query';
import { FileRightsRequest } from './file-rights-request.command';
import { GetConsents } from './get-consents.query';
import { ListMyRightsRequests } from './list-rights-requests.query';
import { RIGHTS_REQUEST_MESSAGES } from './rights-requests.rules';
import { UpdateConsent } from './update-consent.command';

/** Issue 21: the member's consents, their data as a zip, and the rights requests they filed. The token says whose. */
@ApiTags('privacy')
@ApiBearerAuth()
@Controller('privacy')
export class PrivacyController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('consents')
  @ApiOperation({ summary: 'Registro de consentimientos del socio: cada tipo con la versión del aviso y la fecha' })
  @ApiOkResponse({ type: ConsentsDto })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  getConsents(@CurrentUser() user: AuthUser): Promise<ConsentsDto> {
    return this.queryBus.execute(new GetConsents(user));
  }

  @Put('consents/:consent')
  @ApiOperation({
    summary: 'Dar (con la versión del aviso leída) o retirar un consentimiento del registro',
    description: 'Retirarlo detiene el tratamiento que cubría (frecuencia cardiaca, datos de salud, un tipo de correo). Responde el registro ya actualizado.',
  })
  @ApiParam({ name: 'consent', description: 'Tipo de consentimiento (terms-privacy, health-data, heart-rate, email-…)' })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOkResponse({ type: ConsentsDto })
  @ApiMemberError(400, 'Cuerpo inválido', CONSENT_MESSAGES.noticeRequired, 'invalid', { field: 'noticeVersion' })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  @ApiMemberError(404, 'Tipo desconocido', CONSENT_MESSAGES.unknownKind, 'not-found', { field: 'consent' })
  @ApiMemberError(409, 'Aviso desactualizado o consentimiento que no se retira', CONSENT_MESSAGES.staleNotice, 'conflict', { field: 'noticeVersion' })
  @ApiIdempotencyKeyReused()
  updateConsent(
    @CurrentUser() user: AuthUser,
    @Param() params: ConsentKindParamDto,
    @Body() body: UpdateConsentDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<ConsentsDto> {
    return this.commandBus.execute(new UpdateConsent(user, params.consent, body, idempotencyKey));
  }

  @Get('export')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Descargar mis datos: un zip con datos.json (todo lo que la plataforma guarda del socio), historial.csv y LEEME.txt',
    description: 'Se genera en el momento y se transmite mientras se escribe; solo con los datos del socio de la sesión.',
  })
  @ApiProduces('application/zip')
  @ApiOkResponse({ description: 'El archivo zip', schema: { type: 'string', format: 'binary' } })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  async exportMyData(@CurrentUser() user: AuthUser): Promise<StreamableFile> {
    const { fileName, stream } = await this.queryBus.execute(new ExportMyData(user));
    return new StreamableFile(stream, { type: 'application/zip', disposition: `attachment; filename="${fileName}"` });
  }

  @Get('requests')
  @ApiOperation({ summary: 'Mis solicitudes de derechos (acceso, rectificación, cancelación, oposición, portabilidad) con su estado y fecha límite' })
  @ApiOkResponse({ type: RightsRequestsDto })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  listMyRightsRequests(@CurrentUser() user: AuthUser): Promise<RightsRequestsDto> {
    return this.queryBus.execute(new ListMyRightsRequests(user));
  }

  @Post('requests')
  @ApiOperation({
    summary: 'Enviar una solicitud de derechos',
    description: 'Se recibe hoy y vence a los 20 días hábiles (sin fines de semana ni feriados de El Salvador). Una sola solicitud abierta por derecho.',
  })
  @ApiCreatedResponse({ type: RightsRequestDto })
  @ApiMemberError(400, 'Cuerpo inválido', RIGHTS_REQUEST_MESSAGES.type, 'invalid', { field: 'right' })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  @ApiMemberError(409, 'Ya hay una abierta de ese derecho', RIGHTS_REQUEST_MESSAGES.openOfType, 'conflict', { field: 'right' })
  fileRightsRequest(@CurrentUser() user: AuthUser, @Body() body: FileRightsRequestDto): Promise<RightsRequestDto> {
    return this.commandBus.execute(new FileRightsRequest(user, body));
  }
}

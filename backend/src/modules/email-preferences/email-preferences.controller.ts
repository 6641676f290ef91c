import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { ApiIdempotencyKeyReused, ApiMemberError, IDEMPOTENCY_HEADER, UNAUTHORIZED_MESSAGE } from '../../infrastructure/http/api-docs';
import { Public } from '../../infrastructure/http/public.decorator';
import { EmailOptOutDto, EmailOptOutResultDto, EmailPreferencesDto, UpdateEmailPreferenceDto } from './dto/email-preferences.dto';
import { EMAIL_PREFERENCE_MESSAGES, EMAIL_TOPICS } from './email-preferences.rules';
import { GetEmailPreferences } from './get-email-preferences.query';
import { OptOutByLink } from './opt-out-by-link.command';
import { UpdateEmailPreference } from './update-email-preference.command';

/** Which member emails the member receives (ADR 0142): the profile's "Correos" card and the emails' opt-out link. */
@ApiTags('email-preferences')
@Controller('email-preferences')
export class EmailPreferencesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Los tipos de correo y si el socio los recibe' })
  @ApiOkResponse({ type: EmailPreferencesDto })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  getEmailPreferences(@CurrentUser() user: AuthUser): Promise<EmailPreferencesDto> {
    return this.queryBus.execute(new GetEmailPreferences(user));
  }

  @Put(':topic')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Recibir o dejar de recibir un tipo de correo', description: 'Responde todos los tipos ya actualizados.' })
  @ApiParam({ name: 'topic', enum: EMAIL_TOPICS })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOkResponse({ type: EmailPreferencesDto })
  @ApiMemberError(400, 'Cuerpo o Idempotency-Key inválidos', 'La suscripción debe ser verdadero o falso.', 'invalid', { field: 'subscribed' })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  @ApiMemberError(404, 'Tipo de correo desconocido', EMAIL_PREFERENCE_MESSAGES.unknownTopic, 'not-found', { field: 'topic' })
  @ApiIdempotencyKeyReused()
  updateEmailPreference(
    @CurrentUser() user: AuthUser,
    @Param('topic') topic: string,
    @Body() body: UpdateEmailPreferenceDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<EmailPreferencesDto> {
    return this.commandBus.execute(new UpdateEmailPreference(user, topic, body, idempotencyKey));
  }

  @Post('opt-out')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Dejar de recibir un tipo de correo con el enlace del correo, sin iniciar sesión',
    description: 'El token firmado del enlace dice quién y qué tipo de correo. Abrirlo dos veces no cambia nada.',
  })
  @ApiOkResponse({ type: EmailOptOutResultDto })
  @ApiMemberError(400, 'Enlace inválido o alterado', EMAIL_PREFERENCE_MESSAGES.invalidLink, 'invalid', { field: 'token' })
  optOutOfEmails(@Body() body: EmailOptOutDto): Promise<EmailOptOutResultDto> {
    return this.commandBus.execute(new OptOutByLink(body.token));
  }
}

import { Body, Controller, Get, Header, Headers, HttpCode, Param, Post, Put, Query, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { ApiIdempotencyKeyReused, ApiMemberError, IDEMPOTENCY_HEADER, UNAUTHORIZED_MESSAGE } from '../../infrastructure/http/api-docs';
import { Public } from '../../infrastructure/http/public.decorator';
import { CalendarFeedDto, SetTrainingScheduleDto, TrainingCalendarDto, TrainingCalendarQueryDto, TrainingScheduleDto } from './dto/training-calendar.dto';
import { GetCalendarFeedUrl } from './get-calendar-feed-url.query';
import { GetCalendarFeed } from './get-calendar-feed.query';
import { GetTrainingCalendar } from './get-training-calendar.query';
import { RevokeCalendarFeed } from './revoke-calendar-feed.command';
import { SaveTrainingSchedule } from './save-training-schedule.command';
import { TRAINING_CALENDAR_MESSAGES } from './training-calendar.rules';

/** The workout calendar (`/training/calendario`): schedule, layout and the secret iCal URL. The token says whose. */
@ApiTags('training-calendar')
@ApiBearerAuth()
@Controller('training')
export class TrainingCalendarController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('calendar')
  @ApiOperation({ summary: 'Días hechos, planificados y perdidos entre dos fechas, con el horario del socio y lo recomendado' })
  @ApiOkResponse({ type: TrainingCalendarDto })
  @ApiMemberError(400, 'Rango inválido', TRAINING_CALENDAR_MESSAGES.rangeType, 'invalid', { field: 'from' })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  getTrainingCalendar(@CurrentUser() user: AuthUser, @Query() query: TrainingCalendarQueryDto): Promise<TrainingCalendarDto> {
    return this.queryBus.execute(new GetTrainingCalendar(user, query));
  }

  @Put('schedule')
  @ApiOperation({
    summary: 'Elegir los días de entrenamiento, la hora y el recordatorio por correo',
    description: 'Enviar el mismo horario otra vez no cambia nada.',
  })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOkResponse({ type: TrainingScheduleDto })
  @ApiMemberError(400, 'Horario inválido', TRAINING_CALENDAR_MESSAGES.weekdaysType, 'invalid', { field: 'weekdays' })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  @ApiIdempotencyKeyReused()
  setTrainingSchedule(
    @CurrentUser() user: AuthUser,
    @Body() body: SetTrainingScheduleDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<TrainingScheduleDto> {
    return this.commandBus.execute(new SaveTrainingSchedule(user, body, idempotencyKey));
  }

  @Get('calendar/feed')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'La URL secreta del calendario iCal del socio (se crea la primera vez)' })
  @ApiOkResponse({ type: CalendarFeedDto })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  getCalendarFeedUrl(@CurrentUser() user: AuthUser): Promise<CalendarFeedDto> {
    return this.queryBus.execute(new GetCalendarFeedUrl(user));
  }

  @Post('calendar/feed/revoke')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Revocar la URL del calendario: la anterior deja de funcionar y se responde una nueva' })
  @ApiOkResponse({ type: CalendarFeedDto })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  revokeCalendarFeed(@CurrentUser() user: AuthUser): Promise<CalendarFeedDto> {
    return this.commandBus.execute(new RevokeCalendarFeed(user));
  }
}

/** The iCal feed itself: public, the secret token in the URL is the only key (ADR 0168). */
@ApiTags('training-calendar')
@Public()
@Controller('calendar')
export class CalendarFeedController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':file')
  @Header('Cache-Control', 'private, max-age=300')
  @ApiOperation({ summary: 'Calendario iCal (RFC 5545) del socio, para Google Calendar, Apple Calendar u Outlook', description: '`file` es `<token>.ics`.' })
  @ApiProduces('text/calendar')
  @ApiOkResponse({ description: 'VCALENDAR con los entrenamientos planificados y los días completados', schema: { type: 'string' } })
  @ApiMemberError(404, 'Token desconocido o revocado', TRAINING_CALENDAR_MESSAGES.feedNotFound, 'not-found')
  getCalendarFeed(@Param('file') file: string): Promise<StreamableFile> {
    // The type goes on the answer, not the route: an error keeps the JSON body of every error.
    return this.queryBus
      .execute(new GetCalendarFeed(file))
      .then((ics) => new StreamableFile(Buffer.from(ics, 'utf8'), { type: 'text/calendar; charset=utf-8' }));
  }
}

import { Body, Controller, Delete, Get, Header, Headers, HttpCode, Param, Post, Put, Query, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { Roles } from '../../infrastructure/auth/roles.decorator';
import { ApiIdempotencyKeyReused, ApiMemberError, IDEMPOTENCY_HEADER } from '../../infrastructure/http/api-docs';
import { BookClass } from './book-class.command';
import { CancelClassBooking } from './cancel-class-booking.command';
import { CheckInToClass } from './check-in-to-class.command';
import { CLASS_BOOKING_MESSAGES as M } from './class-bookings.rules';
import { GetClassBookingFile, GetClassBookingSettings, GetClassRoster, GetMemberClasses, GetMyClassBookings } from './class-bookings.queries';
import {
  BookClassDto,
  BookingCancelledDto,
  BookingCreatedDto,
  BookingIdParamDto,
  CheckInAnswerDto,
  CheckInCodeDto,
  CheckInDto,
  ClassBookingSettingsDto,
  ClassDaysDto,
  ClassesQueryDto,
  ClassParamDto,
  DeskBookClassDto,
  IcsFileParamDto,
  MyBookingsDto,
  RosterDto,
} from './dto/class-bookings.dto';
import { PutClassBookingSettings } from './put-class-booking-settings.command';

/** The member's classes: free spots, booking with waitlist, cancelling, their bookings, the .ics and the QR (ADR 0360). */
@ApiTags('classes')
@ApiBearerAuth()
@Controller('classes')
export class ClassBookingsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Las clases de los próximos días con lugares libres, las reglas del estudio, mi membresía y mis reservas' })
  @ApiOkResponse({ type: ClassDaysDto })
  @ApiMemberError(400, 'Consulta inválida', M.badDays, 'invalid')
  listClasses(@CurrentUser() user: AuthUser, @Query() query: ClassesQueryDto): Promise<ClassDaysDto> {
    return this.queryBus.execute(new GetMemberClasses(user.userId, query.from, query.days, new Date()));
  }

  @Get('bookings/me')
  @ApiOperation({ summary: 'Mis reservas: próximas y pasadas' })
  @ApiOkResponse({ type: MyBookingsDto })
  listMyClassBookings(@CurrentUser() user: AuthUser): Promise<MyBookingsDto> {
    return this.queryBus.execute(new GetMyClassBookings(user.userId, new Date()));
  }

  @Post(':date/:slotId/bookings')
  @ApiOperation({ summary: 'Reserva una clase (usa una clase de la membresía) o entra a su lista de espera' })
  @ApiHeader({ ...IDEMPOTENCY_HEADER, required: true })
  @ApiCreatedResponse({ type: BookingCreatedDto })
  @ApiMemberError(404, 'No hay esa clase ese día', M.noSuchClass, 'not-found')
  @ApiMemberError(409, 'Clase llena', M.full, 'conflict', { field: 'waitlist' })
  @ApiMemberError(422, 'No se puede reservar', M.started, 'unprocessable')
  @ApiIdempotencyKeyReused()
  bookClass(
    @CurrentUser() user: AuthUser,
    @Param() params: ClassParamDto,
    @Body() body: BookClassDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<BookingCreatedDto> {
    return this.commandBus.execute(new BookClass(user, user.userId, params.date, params.slotId, body.waitlist, idempotencyKey));
  }

  @Delete('bookings/:bookingId')
  @ApiOperation({ summary: 'Cancela mi reserva o salgo de la lista de espera' })
  @ApiOkResponse({ type: BookingCancelledDto })
  @ApiMemberError(404, 'Reserva desconocida', M.bookingNotFound, 'not-found')
  cancelClassBooking(@CurrentUser() user: AuthUser, @Param() params: BookingIdParamDto): Promise<BookingCancelledDto> {
    return this.commandBus.execute(new CancelClassBooking(user, user.userId, params.bookingId));
  }

  @Get('bookings/:bookingId/check-in-code')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'El código del QR para registrar mi asistencia en recepción (vale el día de la clase)' })
  @ApiOkResponse({ type: CheckInCodeDto })
  @ApiMemberError(404, 'Reserva desconocida', M.bookingNotFound, 'not-found')
  getClassBookingCheckInCode(@CurrentUser() user: AuthUser, @Param() params: BookingIdParamDto): Promise<CheckInCodeDto> {
    return this.queryBus.execute(new GetClassBookingFile(user.userId, params.bookingId, 'check-in-code')).then((code) => ({ code }));
  }

  @Get('bookings/:file')
  @ApiOperation({ summary: 'Mi clase reservada como .ics', description: '`file` es `<bookingId>.ics`.' })
  @ApiProduces('text/calendar')
  @ApiOkResponse({ description: 'VCALENDAR con un VEVENT', schema: { type: 'string' } })
  @ApiMemberError(404, 'Reserva desconocida', M.bookingNotFound, 'not-found')
  getClassBookingIcs(@CurrentUser() user: AuthUser, @Param() params: IcsFileParamDto): Promise<StreamableFile> {
    return this.queryBus
      .execute(new GetClassBookingFile(user.userId, params.file.slice(0, -'.ics'.length), 'ics'))
      .then((ics) => new StreamableFile(Buffer.from(ics, 'utf8'), { type: 'text/calendar; charset=utf-8' }));
  }
}

/** The desk: a class's roster, check-ins (one tap or the member's QR), booking for a member, and the studio's booking rules. */
@ApiTags('staff')
@ApiBearerAuth()
@Roles('staff')
@Controller('staff')
export class StaffClassBookingsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('class-booking-settings')
  @ApiOperation({ summary: 'Las reglas de reserva del estudio' })
  @ApiOkResponse({ type: ClassBookingSettingsDto })
  getClassBookingSettings(): Promise<ClassBookingSettingsDto> {
    return this.queryBus.execute(new GetClassBookingSettings());
  }

  @Put('class-booking-settings')
  @ApiOperation({
    summary: 'Cambia las reglas de reserva: apertura, límites para cancelar y para la lista de espera, cancelación tardía, ausencias y recordatorio',
  })
  @ApiOkResponse({ type: ClassBookingSettingsDto })
  @ApiMemberError(400, 'Regla inválida', M.settingRange('cancelCutoffHours', 0, 48), 'invalid')
  putClassBookingSettings(@Body() body: ClassBookingSettingsDto): Promise<ClassBookingSettingsDto> {
    return this.commandBus.execute(new PutClassBookingSettings(body));
  }

  @Get('classes/:date/:slotId/roster')
  @ApiOperation({ summary: 'Quiénes reservaron la clase, con su asistencia, y su lista de espera' })
  @ApiOkResponse({ type: RosterDto })
  @ApiMemberError(404, 'No hay esa clase ese día', M.noSuchClass, 'not-found')
  getClassRoster(@Param() params: ClassParamDto): Promise<RosterDto> {
    return this.queryBus.execute(new GetClassRoster(params.date, params.slotId));
  }

  @Post('classes/:date/:slotId/check-ins')
  @HttpCode(200)
  @ApiOperation({ summary: 'Registra la asistencia de una reserva (por su id o por el QR del miembro); dos veces responde lo mismo' })
  @ApiOkResponse({ type: CheckInAnswerDto })
  @ApiMemberError(404, 'Reserva desconocida en esa clase', M.bookingNotFound, 'not-found')
  checkInToClass(@CurrentUser() staff: AuthUser, @Param() params: ClassParamDto, @Body() body: CheckInDto): Promise<CheckInAnswerDto> {
    return this.commandBus.execute(new CheckInToClass(staff, params.date, params.slotId, body));
  }

  @Post('classes/:date/:slotId/bookings')
  @ApiOperation({ summary: 'Recepción reserva la clase para un miembro (usa una clase de su membresía) o lo pone en la lista de espera' })
  @ApiHeader({ ...IDEMPOTENCY_HEADER, required: true })
  @ApiCreatedResponse({ type: BookingCreatedDto })
  @ApiMemberError(404, 'No hay esa clase ese día', M.noSuchClass, 'not-found')
  @ApiMemberError(409, 'Clase llena', M.full, 'conflict', { field: 'waitlist' })
  @ApiIdempotencyKeyReused()
  bookClassForMember(
    @CurrentUser() staff: AuthUser,
    @Param() params: ClassParamDto,
    @Body() body: DeskBookClassDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<BookingCreatedDto> {
    return this.commandBus.execute(new BookClass(staff, body.memberId, params.date, params.slotId, body.waitlist, idempotencyKey, true));
  }
}

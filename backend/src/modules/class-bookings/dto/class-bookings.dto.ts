import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { CLASS_BOOKING_MESSAGES as M, SETTINGS_LIMITS as L } from '../class-bookings.rules';

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const BOOKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class ClassParamDto {
  @ApiProperty({ example: '2026-12-07', description: 'El día de la clase (AAAA-MM-DD)' })
  @Matches(DATE, { message: M.badDate })
  date: string;

  @ApiProperty({ description: 'Id de la clase del horario semanal' })
  @IsUUID('all', { message: M.badSlot })
  slotId: string;
}

export class BookingIdParamDto {
  @ApiProperty({ description: 'Id de la reserva' })
  @Matches(BOOKING_ID, { message: M.badBookingId })
  bookingId: string;
}

export class ClassesQueryDto {
  @ApiPropertyOptional({ example: '2026-12-07', description: 'Desde qué día (AAAA-MM-DD); hoy si falta' })
  @IsOptional()
  @Matches(DATE, { message: M.badDate })
  from?: string;

  @ApiPropertyOptional({ example: 7, description: 'Cuántos días (1–14); 7 si falta' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: M.badDays })
  @Min(1, { message: M.badDays })
  @Max(14, { message: M.badDays })
  days?: number;
}

export class BookClassDto {
  @ApiProperty({ example: false, description: 'true: si la clase está llena, unirse a la lista de espera' })
  @IsBoolean({ message: M.waitlistType })
  waitlist: boolean;
}

export class DeskBookClassDto extends BookClassDto {
  @ApiProperty({ description: 'Id del miembro para quien se reserva' })
  @IsString({ message: M.memberIdType })
  @Matches(/^[A-Za-z0-9_-]{1,200}$/, { message: M.memberIdType })
  memberId: string;
}

export class CheckInDto {
  @ApiPropertyOptional({ description: 'Id de la reserva' })
  @ValidateIf((body: CheckInDto) => body.code === undefined)
  @Matches(BOOKING_ID, { message: M.badBookingId })
  bookingId?: string;

  @ApiPropertyOptional({ description: 'El código del QR del miembro' })
  @IsOptional()
  @IsString({ message: M.badCode })
  @MaxLength(200, { message: M.badCode })
  code?: string;
}

export class ClassBookingSettingsDto {
  @ApiProperty({ example: 7, description: `Se reserva de hoy a hoy + N - 1 (${L.bookingOpensDays.join('–')})` })
  @IsInt({ message: M.settingRange('bookingOpensDays', ...L.bookingOpensDays) })
  @Min(L.bookingOpensDays[0], { message: M.settingRange('bookingOpensDays', ...L.bookingOpensDays) })
  @Max(L.bookingOpensDays[1], { message: M.settingRange('bookingOpensDays', ...L.bookingOpensDays) })
  bookingOpensDays: number;

  @ApiProperty({ example: 2, description: 'Cancelar al menos estas horas antes devuelve la clase (0–48)' })
  @IsInt({ message: M.settingRange('cancelCutoffHours', ...L.cancelCutoffHours) })
  @Min(L.cancelCutoffHours[0], { message: M.settingRange('cancelCutoffHours', ...L.cancelCutoffHours) })
  @Max(L.cancelCutoffHours[1], { message: M.settingRange('cancelCutoffHours', ...L.cancelCutoffHours) })
  cancelCutoffHours: number;

  @ApiProperty({ example: 2, description: 'La lista de espera avanza hasta estas horas antes (0–48)' })
  @IsInt({ message: M.settingRange('waitlistCutoffHours', ...L.waitlistCutoffHours) })
  @Min(L.waitlistCutoffHours[0], { message: M.settingRange('waitlistCutoffHours', ...L.waitlistCutoffHours) })
  @Max(L.waitlistCutoffHours[1], { message: M.settingRange('waitlistCutoffHours', ...L.waitlistCutoffHours) })
  waitlistCutoffHours: number;

  @ApiProperty({ example: false, description: 'false: cancelar tarde descuenta la clase (nunca un cobro)' })
  @IsBoolean({ message: M.settingBoolean('lateCancelKeepsCredit') })
  lateCancelKeepsCredit: boolean;

  @ApiProperty({ example: false, description: 'false: no presentarse descuenta la clase' })
  @IsBoolean({ message: M.settingBoolean('noShowKeepsCredit') })
  noShowKeepsCredit: boolean;

  @ApiProperty({ example: 3, description: 'Recordatorio por correo estas horas antes (0 = ninguno, hasta 48)' })
  @IsInt({ message: M.settingRange('reminderHours', ...L.reminderHours) })
  @Min(L.reminderHours[0], { message: M.settingRange('reminderHours', ...L.reminderHours) })
  @Max(L.reminderHours[1], { message: M.settingRange('reminderHours', ...L.reminderHours) })
  reminderHours: number;
}

export class ClassMembershipDto {
  @ApiProperty({ example: '4 Classes' })
  planTitle: string;

  @ApiProperty({ type: Number, nullable: true, description: 'null: ilimitadas' })
  classesLeft: number | null;

  @ApiProperty({ example: '2026-12-31' })
  validUntil: string;
}

export class MyClassBookingDto {
  @ApiProperty()
  bookingId: string;

  @ApiProperty({ enum: ['booked', 'waitlisted', 'checked-in'] })
  status: 'booked' | 'waitlisted' | 'checked-in';

  @ApiProperty({ type: Number, nullable: true })
  waitlistPosition: number | null;

  @ApiProperty({ description: 'Si cancelar ahora devuelve la clase' })
  cancelFree: boolean;
}

export class MemberClassDto {
  @ApiProperty()
  slotId: string;
  @ApiProperty({ example: '2026-12-07' })
  date: string;
  @ApiProperty({ example: '17:15' })
  startTime: string;
  @ApiProperty({ example: '18:15' })
  endTime: string;
  @ApiProperty({ example: '5:15-6:15 pm' })
  label: string;
  @ApiProperty()
  className: string;
  @ApiProperty()
  description: string;
  @ApiProperty()
  coach: string;
  @ApiProperty()
  lengthMin: number;
  @ApiProperty()
  capacity: number;
  @ApiProperty({ description: 'Lugares tomados (reservados y con asistencia)' })
  booked: number;
  @ApiProperty()
  free: number;
  @ApiProperty({ description: 'Personas en la lista de espera' })
  waitlist: number;
  @ApiProperty()
  cancelled: boolean;
  @ApiProperty()
  notice: string;
  @ApiProperty()
  bookable: boolean;
  @ApiProperty({ type: String, nullable: true, example: null })
  notBookableReason: string | null;
  @ApiProperty({ type: MyClassBookingDto, nullable: true })
  myBooking: MyClassBookingDto | null;
}

export class ClassDayDto {
  @ApiProperty({ example: '2026-12-07' })
  date: string;
  @ApiProperty({ example: 'Lunes' })
  dayName: string;
  @ApiProperty({ type: String, nullable: true, description: 'El aviso de un día cerrado' })
  closed: string | null;
  @ApiProperty({ type: [MemberClassDto] })
  classes: MemberClassDto[];
}

export class ClassDaysDto {
  @ApiProperty({ type: ClassBookingSettingsDto })
  policy: ClassBookingSettingsDto;
  @ApiProperty({ type: ClassMembershipDto, nullable: true })
  membership: ClassMembershipDto | null;
  @ApiProperty({ type: [ClassDayDto] })
  days: ClassDayDto[];
}

export class BookingCreatedDto {
  @ApiProperty()
  bookingId: string;
  @ApiProperty({ enum: ['booked', 'waitlisted'] })
  status: 'booked' | 'waitlisted';
  @ApiProperty({ type: Number, nullable: true })
  waitlistPosition: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null: ilimitadas' })
  classesLeft: number | null;
}

export class BookingCancelledDto {
  @ApiProperty()
  bookingId: string;
  @ApiProperty({ enum: ['cancelled'] })
  status: 'cancelled';
  @ApiProperty({ description: 'Después del límite para cancelar sin costo' })
  late: boolean;
  @ApiProperty()
  creditReturned: boolean;
}

export class MemberBookingDto {
  @ApiProperty()
  bookingId: string;
  @ApiProperty()
  date: string;
  @ApiProperty()
  slotId: string;
  @ApiProperty()
  startTime: string;
  @ApiProperty()
  endTime: string;
  @ApiProperty()
  className: string;
  @ApiProperty()
  coach: string;
  @ApiProperty({ enum: ['booked', 'waitlisted', 'checked-in', 'cancelled', 'no-show', 'attended'] })
  status: 'booked' | 'waitlisted' | 'checked-in' | 'cancelled' | 'no-show' | 'attended';
  @ApiProperty({ type: Number, nullable: true })
  waitlistPosition: number | null;
  @ApiProperty()
  late: boolean;
}

export class MyBookingsDto {
  @ApiProperty({ type: [MemberBookingDto] })
  upcoming: MemberBookingDto[];
  @ApiProperty({ type: [MemberBookingDto] })
  past: MemberBookingDto[];
}

export class CheckInCodeDto {
  @ApiProperty({ description: 'Para el QR: vale solo el día de la clase' })
  code: string;
}

export class RosterEntryDto {
  @ApiProperty()
  bookingId: string;
  @ApiProperty()
  memberId: string;
  @ApiProperty()
  name: string;
  @ApiProperty({ enum: ['booked', 'checked-in', 'no-show'] })
  status: 'booked' | 'checked-in' | 'no-show';
  @ApiProperty({ type: String, nullable: true })
  checkedInAt: string | null;
}

export class RosterWaitlistEntryDto {
  @ApiProperty()
  bookingId: string;
  @ApiProperty()
  memberId: string;
  @ApiProperty()
  name: string;
  @ApiProperty()
  position: number;
}

export class RosterGuestDto {
  @ApiProperty({ description: 'El id de la reserva de clase gratis' })
  bookingId: string;
  @ApiProperty({ description: 'Nombre y apellido como los dio en el formulario' })
  name: string;
  @ApiProperty({ enum: ['booked', 'checked-in', 'no-show'], description: 'Del resultado de su clase gratis: Asistió o Se hizo miembro es checked-in' })
  status: 'booked' | 'checked-in' | 'no-show';
  @ApiProperty({ enum: ['attended', 'no-show', 'converted'], nullable: true })
  outcome: 'attended' | 'no-show' | 'converted' | null;
  @ApiProperty({ type: String, nullable: true })
  checkedInAt: string | null;
}

export class RosterDto {
  @ApiProperty()
  date: string;
  @ApiProperty()
  slotId: string;
  @ApiProperty()
  className: string;
  @ApiProperty()
  startTime: string;
  @ApiProperty()
  endTime: string;
  @ApiProperty()
  capacity: number;
  @ApiProperty({ type: [RosterEntryDto] })
  booked: RosterEntryDto[];
  @ApiProperty({ type: [RosterWaitlistEntryDto] })
  waitlist: RosterWaitlistEntryDto[];
  @ApiProperty({ type: [RosterGuestDto], description: 'Invitados de clase gratis: cada uno ocupa un lugar de la clase (ADR 0380)' })
  guests: RosterGuestDto[];
}

export class CheckInAnswerDto {
  @ApiProperty()
  bookingId: string;
  @ApiProperty({ description: 'Vacío para un invitado de clase gratis' })
  memberId: string;
  @ApiProperty({ enum: ['checked-in'] })
  status: 'checked-in';
  @ApiProperty()
  checkedInAt: string;
}

export class IcsFileParamDto {
  @ApiProperty({ description: '`<bookingId>.ics`' })
  @Matches(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.ics$/i, { message: M.badBookingId })
  file: string;
}

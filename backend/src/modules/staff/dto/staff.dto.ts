import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { FREE_CLASS_OUTCOMES, type FreeClassOutcome } from '../../free-class-bookings/free-class-bookings.events';
import { PageLimit, PageOffset } from '../../../infrastructure/http/page-params.decorator';

/** Far beyond any real history; larger values would overflow the database's integers. */

const TYPE_LIST = /^[A-Za-z][A-Za-z0-9]*(,[A-Za-z][A-Za-z0-9]*)*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Filters shared by the activity log page and its CSV export. */
export class ActivityFiltersDto {
  @ApiPropertyOptional({ description: 'Id del miembro: solo su historial (stream member-{id})' })
  @IsOptional()
  @IsString({ message: 'member debe ser un texto.' })
  @MaxLength(200, { message: 'member no puede tener más de 200 caracteres.' })
  member?: string;

  @ApiPropertyOptional({ description: 'Id de un stream cualquiera, p. ej. free-class-booking-{id} o staff-{id}' })
  @IsOptional()
  @IsString({ message: 'stream debe ser un texto.' })
  @MaxLength(250, { message: 'stream no puede tener más de 250 caracteres.' })
  stream?: string;

  @ApiPropertyOptional({ description: 'Tipos de evento separados por comas', example: 'WorkoutCompleted,EnrolledInPlan' })
  @IsOptional()
  @Matches(TYPE_LIST, { message: 'type debe ser uno o varios tipos de evento separados por comas.' })
  @MaxLength(500, { message: 'type no puede tener más de 500 caracteres.' })
  type?: string;

  @ApiPropertyOptional({ description: 'Desde (incluido), fecha u hora ISO-8601', example: '2026-11-01' })
  @IsOptional()
  @IsISO8601({}, { message: 'from debe ser una fecha ISO-8601 (AAAA-MM-DD o con hora).' })
  from?: string;

  @ApiPropertyOptional({ description: 'Hasta (excluido), fecha u hora ISO-8601', example: '2026-12-01' })
  @IsOptional()
  @IsISO8601({}, { message: 'to debe ser una fecha ISO-8601 (AAAA-MM-DD o con hora).' })
  to?: string;

  @ApiPropertyOptional({ description: 'Parte del nombre o del correo de un miembro' })
  @IsOptional()
  @IsString({ message: 'q debe ser un texto.' })
  @MaxLength(100, { message: 'q no puede tener más de 100 caracteres.' })
  q?: string;
}

export class ActivityQueryDto extends ActivityFiltersDto {
  @ApiPropertyOptional({ description: 'Cursor: el nextCursor de la página anterior (opaco)' })
  @IsOptional()
  @Matches(/^\d{1,19}$/, { message: 'before debe ser una posición del registro devuelta por la página anterior.' })
  before?: string;

  @PageLimit(200, { example: 50 })
  limit?: number;
}

export class ActorDto {
  @ApiProperty() userId!: string;
  @ApiProperty() role!: string;
  @ApiProperty({ required: false, example: 'Ana López', description: 'Nombre del miembro del personal que actuó (acciones registradas desde que se guarda)' })
  name?: string;
}

export class LogMemberDto {
  @ApiProperty() userId!: string;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
}

export class LogEntryDto {
  @ApiProperty() eventId!: string;
  @ApiProperty({ description: 'Posición del evento en el almacén de eventos (opaca)' }) position!: string;
  @ApiProperty() streamId!: string;
  @ApiProperty() revision!: string;
  @ApiProperty() type!: string;
  @ApiProperty({ nullable: true, type: String, description: 'Cuándo ocurrió (metadata.occurredAt)' }) occurredAt!: string | null;
  @ApiProperty({ nullable: true, type: ActorDto }) actor!: ActorDto | null;
  @ApiProperty({ nullable: true, type: String }) correlationId!: string | null;
  @ApiProperty({ nullable: true, type: String }) causationId!: string | null;
  @ApiProperty({ nullable: true, type: Number }) schemaVersion!: number | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) data!: unknown;
  @ApiProperty({ type: 'object', additionalProperties: true }) metadata!: Record<string, unknown>;
  @ApiProperty({ nullable: true, type: LogMemberDto }) member!: LogMemberDto | null;
}

export class ActivityPageDto {
  @ApiProperty({ type: [LogEntryDto] }) items!: LogEntryDto[];
  @ApiProperty({ nullable: true, type: String }) nextCursor!: string | null;
}

export class EventTypesDto {
  @ApiProperty({ type: [String] }) types!: string[];
}

export class TimelineQueryDto {
  @ApiPropertyOptional({ description: 'Cursor: la revisión nextCursor de la página anterior' })
  @IsOptional()
  @Matches(/^\d{1,19}$/, { message: 'before debe ser la revisión devuelta por la página anterior.' })
  before?: string;

  @PageLimit(500, { example: 100 })
  limit?: number;
}

export class ProfileChangeDto {
  @ApiProperty() field!: string;
  @ApiProperty({ nullable: true }) before!: unknown;
  @ApiProperty({ nullable: true }) after!: unknown;
}

export class TimelineEntryDto {
  @ApiProperty() eventId!: string;
  @ApiProperty() position!: string;
  @ApiProperty() revision!: string;
  @ApiProperty() type!: string;
  @ApiProperty() occurredAt!: string;
  @ApiProperty({ nullable: true, type: ActorDto }) actor!: ActorDto | null;
  @ApiProperty() summary!: string;
  @ApiPropertyOptional({ type: [ProfileChangeDto] }) changes?: ProfileChangeDto[];
  @ApiPropertyOptional({ nullable: true, type: String }) planId?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) planTitle?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) enrollmentId?: string | null;
  @ApiPropertyOptional() workoutId?: string;
  @ApiPropertyOptional({ nullable: true, type: String }) workoutTitle?: string | null;
  @ApiPropertyOptional() durationSec?: number;
  @ApiPropertyOptional() localDate?: string;
  @ApiPropertyOptional({ description: 'WorkoutCompleted con sensor: el resumen de la frecuencia cardiaca en palabras' }) heartRate?: string;
}

export class MemberIdentityDto {
  @ApiProperty() userId!: string;
  @ApiProperty({ nullable: true, type: String }) firstName!: string | null;
  @ApiProperty({ nullable: true, type: String }) lastName!: string | null;
  @ApiProperty({ nullable: true, type: String }) email!: string | null;
}

export class TimelinePageDto {
  @ApiProperty({ type: MemberIdentityDto }) member!: MemberIdentityDto;
  @ApiProperty({ type: [TimelineEntryDto] }) items!: TimelineEntryDto[];
  @ApiProperty({ nullable: true, type: String }) nextCursor!: string | null;
}

export class MembersQueryDto {
  @ApiPropertyOptional({ description: 'Parte del nombre, del correo o del id' })
  @IsOptional()
  @IsString({ message: 'q debe ser un texto.' })
  @MaxLength(100, { message: 'q no puede tener más de 100 caracteres.' })
  q?: string;

  @ApiPropertyOptional({ description: 'Solo quienes no entrenan desde hace N días (o nunca)', minimum: 1, maximum: 3650 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'inactiveDays debe ser un número entero de días.' })
  @Min(1, { message: 'inactiveDays debe ser al menos 1.' })
  @Max(3650, { message: 'inactiveDays no puede ser mayor que 3650.' })
  inactiveDays?: number;

  @PageLimit(200, { example: 50 })
  limit?: number;

  @PageOffset()
  offset?: number;
}

export class MemberSummaryDto {
  @ApiProperty() userId!: string;
  @ApiProperty({ nullable: true, type: String }) firstName!: string | null;
  @ApiProperty({ nullable: true, type: String }) lastName!: string | null;
  @ApiProperty({ nullable: true, type: String }) email!: string | null;
  @ApiProperty({ nullable: true, type: String }) signedUpAt!: string | null;
  @ApiProperty({ nullable: true, type: String }) lastActivityAt!: string | null;
  @ApiProperty({ nullable: true, type: String }) lastWorkoutAt!: string | null;
  @ApiProperty() totalWorkouts!: number;
  @ApiProperty() activePlans!: number;
  @ApiProperty() currentStreak!: number;
}

export class MembersPageDto {
  @ApiProperty({ type: [MemberSummaryDto] }) items!: MemberSummaryDto[];
  @ApiProperty() hasMore!: boolean;
}

export class RebuildProgressDto {
  @ApiProperty() generation!: number;
  @ApiProperty() processed!: number;
  @ApiProperty() total!: number;
  @ApiProperty() eventsPerSecond!: number;
  @ApiProperty({ nullable: true, type: Number }) etaSeconds!: number | null;
  @ApiProperty() startedAt!: string;
}

export class ProjectionOverviewDto {
  @ApiProperty() name!: string;
  @ApiProperty() version!: number;
  @ApiPropertyOptional() generation?: number;
  @ApiProperty({ description: 'running, inline, standby, failed, stopped, stale o missing' }) state!: string;
  @ApiProperty({ description: 'running, rebuilding o error, como lo muestra la consola' }) phase!: 'running' | 'rebuilding' | 'error';
  @ApiPropertyOptional() position?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) error?: Record<string, unknown>;
  @ApiPropertyOptional({ type: RebuildProgressDto }) rebuild?: RebuildProgressDto;
  @ApiProperty({ type: [String] }) eventTypes!: string[];
  @ApiProperty() lagEvents!: number;
  @ApiProperty() lagAtLeast!: boolean;
  @ApiProperty() lagSeconds!: number;
}

export class RebuildHistoryEntryDto {
  @ApiProperty() name!: string;
  @ApiProperty() generation!: number;
  @ApiProperty({ nullable: true, type: String }) requestedBy!: string | null;
  @ApiProperty() requestedAt!: string;
  @ApiProperty({ enum: ['completed', 'running', 'superseded'] }) outcome!: 'completed' | 'running' | 'superseded';
  @ApiProperty() processed!: number;
  @ApiProperty({ nullable: true, type: String }) finishedAt!: string | null;
  @ApiProperty({ nullable: true, type: Number }) durationSeconds!: number | null;
}

export class ProjectionsOverviewDto {
  @ApiProperty({ type: [ProjectionOverviewDto] }) projections!: ProjectionOverviewDto[];
  @ApiProperty({ type: [RebuildHistoryEntryDto] }) history!: RebuildHistoryEntryDto[];
}

export class RebuildStartedGenerationDto {
  @ApiProperty() name!: string;
  @ApiProperty() generation!: number;
}

export class RebuildStartedDto {
  @ApiProperty({ type: [RebuildStartedGenerationDto] }) generations!: RebuildStartedGenerationDto[];
}

export class BookingsQueryDto {
  @ApiPropertyOptional({ example: '2026-11-24', description: 'Desde esta fecha de clase (incluida)' })
  @IsOptional()
  @Matches(DATE, { message: 'from debe ser una fecha AAAA-MM-DD.' })
  // The pattern lets 2026-02-30 through, which PostgreSQL then refuses with a 500.
  @IsISO8601({ strict: true }, { message: 'from debe ser una fecha AAAA-MM-DD.' })
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-30', description: 'Hasta esta fecha de clase (incluida)' })
  @IsOptional()
  @Matches(DATE, { message: 'to debe ser una fecha AAAA-MM-DD.' })
  // The pattern lets 2026-02-30 through, which PostgreSQL then refuses with a 500.
  @IsISO8601({ strict: true }, { message: 'to debe ser una fecha AAAA-MM-DD.' })
  to?: string;

  @ApiPropertyOptional({ example: '18:00', description: 'Horario exacto de la clase' })
  @IsOptional()
  @IsString({ message: 'slot debe ser un texto.' })
  @MaxLength(40, { message: 'slot no puede tener más de 40 caracteres.' })
  slot?: string;
}

export class BookingFollowUpDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() lastname!: string;
  @ApiProperty() dui!: string;
  @ApiProperty() email!: string;
  @ApiProperty() cellphone!: string;
  @ApiProperty() classDate!: string;
  @ApiProperty() slot!: string;
  @ApiProperty() className!: string;
  @ApiProperty() bookedAt!: string;
  @ApiProperty({ nullable: true, type: String }) confirmationSentAt!: string | null;
  @ApiProperty({ nullable: true, enum: FREE_CLASS_OUTCOMES }) outcome!: FreeClassOutcome | null;
  @ApiProperty({ nullable: true, type: String }) outcomeAt!: string | null;
  @ApiProperty({ nullable: true, type: String }) outcomeBy!: string | null;
}

export class BookingsListDto {
  @ApiProperty({ type: [BookingFollowUpDto] }) items!: BookingFollowUpDto[];
}

export class RecordOutcomeDto {
  @ApiProperty({ enum: FREE_CLASS_OUTCOMES, description: 'attended (asistió), no-show (no asistió) o converted (se hizo miembro)' })
  @IsIn(FREE_CLASS_OUTCOMES, { message: 'outcome debe ser uno de: attended, no-show, converted.' })
  outcome!: FreeClassOutcome;
}

export class BookingIdParamDto {
  @IsUUID('all', { message: 'id debe ser el identificador (UUID) de una reserva.' })
  id!: string;
}

export class EventIdParamDto {
  @IsUUID('all', { message: 'eventId debe ser el identificador (UUID) de un evento.' })
  eventId!: string;
}

export class ProjectionNameParamDto {
  @Matches(/^[a-z][a-z0-9_]{0,62}$/, { message: 'name debe ser el nombre de una proyección.' })
  name!: string;
}

export class MailQueryDto {
  @ApiPropertyOptional({ description: 'Parte del correo del destinatario' })
  @IsOptional()
  @IsString({ message: 'recipient debe ser un texto.' })
  @MaxLength(200, { message: 'recipient no puede tener más de 200 caracteres.' })
  recipient?: string;

  @ApiPropertyOptional({ description: 'Cursor: nextCursor de la página anterior' })
  @IsOptional()
  @IsString({ message: 'before debe ser un texto.' })
  @MaxLength(100, { message: 'before no puede tener más de 100 caracteres.' })
  before?: string;

  @PageLimit(200, { example: 50 })
  limit?: number;
}

export class OutboxMessageDto {
  @ApiProperty() id!: string;
  @ApiProperty() kind!: string;
  @ApiProperty() recipient!: string;
  @ApiProperty() subject!: string;
  @ApiProperty() textBody!: string;
  @ApiProperty({ nullable: true, type: String }) htmlBody!: string | null;
  @ApiProperty() createdAt!: string;
}

export class OutboxPageDto {
  @ApiProperty({ type: [OutboxMessageDto] }) items!: OutboxMessageDto[];
  @ApiProperty({ nullable: true, type: String }) nextCursor!: string | null;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { TIMETABLE_LIMITS as L } from '../timetable.rules';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_MESSAGE = 'La hora debe ir en formato 24 horas, por ejemplo 17:15.';
const DATE_MESSAGE = 'La fecha debe ir como AAAA-MM-DD.';

export class ClassTypeInputDto {
  @ApiProperty({ example: 'Box and Burn', description: `Hasta ${L.nameMax} caracteres` })
  @IsString()
  @MaxLength(L.nameMax)
  name: string;

  @ApiPropertyOptional({ example: 'Golpes de box y cardio por intervalos.' })
  @IsOptional()
  @IsString()
  @MaxLength(L.descriptionMax)
  description?: string;

  @ApiProperty({ example: 60, description: `Duración en minutos (${L.lengthMin}–${L.lengthMax})` })
  @IsInt()
  @Min(L.lengthMin)
  @Max(L.lengthMax)
  lengthMin: number;

  @ApiProperty({ example: 20, description: `Cupo con que se crea una clase nueva de este tipo (${L.capacityMin}–${L.capacityMax})` })
  @IsInt()
  @Min(L.capacityMin)
  @Max(L.capacityMax)
  defaultCapacity: number;

  @ApiPropertyOptional({ example: 'Andrea', description: 'Quién la da; vacío si aún no se asigna' })
  @IsOptional()
  @IsString()
  @MaxLength(L.coachMax)
  coach?: string;
}

export class WeeklySlotInputDto {
  @ApiProperty({ example: 1, description: 'Día de la semana: 1 = lunes … 7 = domingo' })
  @IsInt()
  @Min(1)
  @Max(7)
  weekday: number;

  @ApiProperty({ example: '17:15', description: 'Hora de inicio, 24 horas, hora de El Salvador' })
  @IsString()
  @Matches(TIME, { message: TIME_MESSAGE })
  startTime: string;

  @ApiProperty({ description: 'Id del tipo de clase' })
  @IsUUID()
  classTypeId: string;

  @ApiProperty({ example: 20, description: `Cupo del salón (${L.capacityMin}–${L.capacityMax})` })
  @IsInt()
  @Min(L.capacityMin)
  @Max(L.capacityMax)
  capacity: number;
}

export class ClassChangeInputDto {
  @ApiProperty({ description: 'Id de la clase del horario semanal' })
  @IsUUID()
  slotId: string;

  @ApiProperty({ example: '2026-12-07', description: 'El día que cambia (AAAA-MM-DD), de hoy en adelante' })
  @IsString()
  @Matches(DATE, { message: DATE_MESSAGE })
  date: string;

  @ApiProperty({ example: false, description: 'true para cancelar la clase ese día (con un aviso)' })
  @IsBoolean()
  cancelled: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, example: '18:30', description: 'Otra hora de inicio ese día' })
  @IsOptional()
  @IsString()
  @Matches(TIME, { message: TIME_MESSAGE })
  startTime?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 12, description: 'Otro cupo ese día' })
  @IsOptional()
  @IsInt()
  @Min(L.capacityMin)
  @Max(L.capacityMax)
  capacity?: number | null;

  @ApiPropertyOptional({
    example: 'El entrenador está enfermo; te esperamos el jueves.',
    description: `Aviso corto (hasta ${L.noticeMax} caracteres); obligatorio al cancelar`,
  })
  @IsOptional()
  @IsString()
  @MaxLength(L.noticeMax)
  notice?: string;
}

export class ClosureInputDto {
  @ApiProperty({ example: 'Feriado: 15 de septiembre, Día de la Independencia', description: `Aviso del día cerrado (hasta ${L.noticeMax} caracteres)` })
  @IsString()
  @MaxLength(L.noticeMax)
  notice: string;
}

export class ClassTypeIdParamDto {
  @ApiProperty({ description: 'Id del tipo de clase' })
  @IsUUID()
  classTypeId: string;
}

export class SlotIdParamDto {
  @ApiProperty({ description: 'Id de la clase del horario semanal' })
  @IsUUID()
  slotId: string;
}

export class ClosureDateParamDto {
  @ApiProperty({ example: '2026-12-25', description: 'El día (AAAA-MM-DD)' })
  @IsString()
  @Matches(DATE, { message: DATE_MESSAGE })
  date: string;
}

export class ClassChangeParamDto extends SlotIdParamDto {
  @ApiProperty({ example: '2026-12-07', description: 'El día (AAAA-MM-DD)' })
  @IsString()
  @Matches(DATE, { message: DATE_MESSAGE })
  date: string;
}

export class ClassTypeDto {
  @ApiProperty()
  classTypeId: string;

  @ApiProperty({ example: 'Box and Burn' })
  name: string;

  @ApiProperty()
  description: string;

  @ApiProperty({ example: 60 })
  lengthMin: number;

  @ApiProperty({ example: 20 })
  defaultCapacity: number;

  @ApiProperty({ example: 'Andrea', description: 'Vacío si aún no se asigna' })
  coach: string;
}

export class WeeklySlotDto {
  @ApiProperty()
  slotId: string;

  @ApiProperty({ example: 1, description: '1 = lunes … 7 = domingo' })
  weekday: number;

  @ApiProperty({ example: '17:15' })
  startTime: string;

  @ApiProperty()
  classTypeId: string;

  @ApiProperty({ example: 20 })
  capacity: number;
}

export class ClassChangeDto {
  @ApiProperty()
  slotId: string;

  @ApiProperty({ example: '2026-12-07' })
  date: string;

  @ApiProperty({ type: String, nullable: true, example: '18:30' })
  startTime: string | null;

  @ApiProperty({ type: Number, nullable: true, example: 12 })
  capacity: number | null;

  @ApiProperty()
  cancelled: boolean;

  @ApiProperty()
  notice: string;
}

export class ClosureDto {
  @ApiProperty({ example: '2026-12-25' })
  date: string;

  @ApiProperty({ example: 'Navidad' })
  notice: string;
}

export class ScheduledClassDto {
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

  @ApiProperty({ example: 'Box and Burn' })
  className: string;

  @ApiProperty()
  description: string;

  @ApiProperty({ description: 'Vacío si aún no se asigna' })
  coach: string;

  @ApiProperty({ example: 60 })
  lengthMin: number;

  @ApiProperty({ example: 20 })
  capacity: number;

  @ApiProperty({ example: 0, description: 'Lugares reservados' })
  booked: number;

  @ApiProperty({ example: 20, description: 'Lugares libres (0 si se canceló)' })
  free: number;

  @ApiProperty()
  cancelled: boolean;

  @ApiProperty({ description: 'El aviso de un cambio o una cancelación; vacío si no hay' })
  notice: string;

  @ApiProperty({ description: 'true si ese día difiere del horario semanal' })
  changed: boolean;
}

export class TimetableDayDto {
  @ApiProperty({ example: '2026-12-07' })
  date: string;

  @ApiProperty({ example: 1 })
  weekday: number;

  @ApiProperty({ example: 'Lunes' })
  dayName: string;

  @ApiProperty({ type: String, nullable: true, description: 'El aviso de un día cerrado; null si el estudio abre' })
  closed: string | null;

  @ApiProperty({ type: [ScheduledClassDto] })
  classes: ScheduledClassDto[];
}

export class TimetableWeekDto {
  @ApiProperty({ example: '2026-12-07', description: 'El lunes' })
  start: string;

  @ApiProperty({ example: '2026-12-13', description: 'El domingo' })
  end: string;

  @ApiProperty({ type: [TimetableDayDto] })
  days: TimetableDayDto[];
}

export class PublicTimetableDto {
  @ApiProperty({ example: 'America/El_Salvador' })
  timeZone: string;

  @ApiProperty({ example: '2026-12-09', description: 'Hoy en El Salvador' })
  today: string;

  @ApiProperty({ type: [TimetableWeekDto], description: 'Esta semana y la próxima' })
  weeks: TimetableWeekDto[];
}

export class StaffTimetableDto extends PublicTimetableDto {
  @ApiProperty({ type: [ClassTypeDto] })
  classTypes: ClassTypeDto[];

  @ApiProperty({ type: [WeeklySlotDto], description: 'Por día y hora' })
  slots: WeeklySlotDto[];

  @ApiProperty({ type: [ClassChangeDto], description: 'Cambios de hoy en adelante' })
  changes: ClassChangeDto[];

  @ApiProperty({ type: [ClosureDto], description: 'Días cerrados de hoy en adelante' })
  closures: ClosureDto[];
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { REMINDER_OFFSETS_MIN, TRAINING_CALENDAR_MESSAGES } from '../training-calendar.rules';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class TrainingCalendarQueryDto {
  @ApiProperty({ example: '2026-11-23', description: 'Primer día (AAAA-MM-DD, día del estudio)' })
  @IsString()
  @Matches(DATE, { message: TRAINING_CALENDAR_MESSAGES.rangeType })
  from: string;

  @ApiProperty({ example: '2026-11-29', description: 'Último día, incluido (hasta 92 días después de "from")' })
  @IsString()
  @Matches(DATE, { message: TRAINING_CALENDAR_MESSAGES.rangeType })
  to: string;
}

export class SetTrainingScheduleDto {
  @ApiProperty({ type: [Number], example: [1, 3, 5], description: 'Días ISO: 1 = lunes … 7 = domingo' })
  @IsArray({ message: TRAINING_CALENDAR_MESSAGES.weekdaysType })
  @ArrayMinSize(1, { message: TRAINING_CALENDAR_MESSAGES.weekdaysType })
  @ArrayMaxSize(7, { message: TRAINING_CALENDAR_MESSAGES.weekdaysType })
  @IsInt({ each: true, message: TRAINING_CALENDAR_MESSAGES.weekdaysType })
  @Min(1, { each: true, message: TRAINING_CALENDAR_MESSAGES.weekdaysType })
  @Max(7, { each: true, message: TRAINING_CALENDAR_MESSAGES.weekdaysType })
  weekdays: number[];

  @ApiProperty({ example: '18:00', description: 'Hora local de El Salvador, HH:MM' })
  @IsString({ message: TRAINING_CALENDAR_MESSAGES.timeType })
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: TRAINING_CALENDAR_MESSAGES.timeType })
  time: string;

  @ApiProperty({
    enum: REMINDER_OFFSETS_MIN,
    example: 60,
    description: "Minutos antes de la hora en que sale el recordatorio (si el socio recibe los correos 'workout-reminders', ver /api/email-preferences)",
  })
  @IsIn([...REMINDER_OFFSETS_MIN], { message: TRAINING_CALENDAR_MESSAGES.reminderOffsetType })
  reminderOffsetMin: number;
}

export class TrainingScheduleDto {
  @ApiProperty({ type: [Number], example: [1, 3, 5] })
  weekdays: number[];

  @ApiProperty({ example: '18:00' })
  time: string;

  @ApiProperty({ example: 60 })
  reminderOffsetMin: number;
}

export class CalendarWorkoutDto {
  @ApiProperty({ example: '9d2c61b4-7a0e-5c3f-9b2d-4e6a1f0c8d21' })
  _id: string;

  @ApiProperty({ example: 'Fuerza total 1' })
  title: string;

  @ApiProperty({ example: 1800 })
  estDurationSec: number;
}

export class CalendarDayDto {
  @ApiProperty({ example: '2026-11-25' })
  date: string;

  @ApiProperty({ enum: ['done', 'planned', 'missed'], example: 'planned' })
  status: 'done' | 'planned' | 'missed';

  @ApiPropertyOptional({ example: 3, description: 'Solo en días planificados: lugar del entrenamiento en el plan (desde 1)' })
  position?: number;

  @ApiProperty({ type: [CalendarWorkoutDto], description: 'Completados ese día, o el que toca; vacío en un día perdido' })
  workouts: CalendarWorkoutDto[];
}

export class CalendarPlanDto {
  @ApiProperty()
  enrollmentId: string;

  @ApiProperty()
  planId: string;

  @ApiProperty({ example: 'Fuerza para principiantes' })
  title: string;

  @ApiProperty({ example: 12 })
  total: number;

  @ApiProperty({ example: 4, description: 'Lugar en el plan del próximo entrenamiento (desde 1)' })
  nextPosition: number;
}

export class TrainingCalendarDto {
  @ApiProperty({ example: '2026-11-23', description: 'Hoy en El Salvador' })
  today: string;

  @ApiProperty({ type: TrainingScheduleDto, nullable: true, description: 'null mientras el socio no elige sus días' })
  schedule: TrainingScheduleDto | null;

  @ApiProperty({ type: TrainingScheduleDto, description: 'Lo que se preselecciona si aún no hay horario: 3 o 4 días según el plan' })
  recommended: TrainingScheduleDto;

  @ApiProperty({ type: CalendarPlanDto, nullable: true, description: 'El plan activo que sigue el calendario; null sin plan activo' })
  plan: CalendarPlanDto | null;

  @ApiProperty({ type: [CalendarDayDto], description: 'Solo los días con algo (hecho, planificado o perdido), en orden' })
  days: CalendarDayDto[];
}

export class CalendarFeedDto {
  @ApiProperty({ example: 'https://pulso.sv/api/calendar/8cQ….ics', description: 'URL secreta del calendario (iCal) para suscribirse' })
  url: string;

  @ApiProperty({ example: 'webcal://pulso.sv/api/calendar/8cQ….ics', description: 'La misma URL con webcal:// para abrirla en la app de calendario' })
  webcalUrl: string;
}

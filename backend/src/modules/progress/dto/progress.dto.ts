import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsObject, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { HeartRateSeriesInputDto, HeartRateSummaryDto } from '../../heart-rate/dto/heart-rate.dto';
import { IntervalTimerSessionDto } from '../../interval-timer/dto/interval-timer.dto';

const ID = /^[A-Za-z0-9_-]+$/;

/**
 * Both payloads of spec section 7: the player's {workoutId, planId, enrollmentId}
 * (null ids for a standalone workout) and the running modal's {workoutId, isRunning, duration}.
 * `duration` and `durationSec` are seconds actually trained. A retry carries the same
 * `Idempotency-Key` header (or `completionId`) and is counted once.
 */
export class CompleteWorkoutDto {
  @ApiProperty({ example: '9d2c61b4-7a0e-5c3f-9b2d-4e6a1f0c8d21' })
  @IsString({ message: 'workoutId es requerido.' })
  @MaxLength(80, { message: 'workoutId no es válido.' })
  @Matches(ID, { message: 'workoutId no es válido.' })
  workoutId: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: '1f4e7a2d-0c9b-5e3a-b8d1-6c2f9a7e0b33' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString({ message: 'planId debe ser texto o null.' })
  @Matches(ID, { message: 'planId no es válido.' })
  planId?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsUUID('all', { message: 'enrollmentId no es válido.' })
  enrollmentId?: string | null;

  @ApiPropertyOptional({ example: true, description: 'true desde el modal de carrera' })
  @IsOptional()
  @IsBoolean({ message: 'isRunning debe ser verdadero o falso.' })
  isRunning?: boolean;

  @ApiPropertyOptional({ example: 1830, description: 'Segundos entrenados (modal de carrera)' })
  @IsOptional()
  @IsInt({ message: 'duration debe ser un número entero de segundos.' })
  @Min(0, { message: 'duration no puede ser negativa.' })
  @Max(86400, { message: 'duration no puede superar 24 horas.' })
  duration?: number;

  @ApiPropertyOptional({ example: 1245, description: 'Segundos entrenados (reproductor)' })
  @IsOptional()
  @IsInt({ message: 'durationSec debe ser un número entero de segundos.' })
  @Min(0, { message: 'durationSec no puede ser negativa.' })
  @Max(86400, { message: 'durationSec no puede superar 24 horas.' })
  durationSec?: number;

  @ApiPropertyOptional({ example: '0d9e7a52-3c1b-4f7e-9d2a-6b8c4e1f0a37', description: 'Identificador de la finalización generado por el cliente' })
  @IsOptional()
  @IsUUID('all', { message: 'completionId no es válido.' })
  completionId?: string;

  @ApiPropertyOptional({
    type: HeartRateSeriesInputDto,
    description: 'Lecturas del sensor de frecuencia cardiaca; se guardan solo con el consentimiento vigente',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => HeartRateSeriesInputDto)
  heartRate?: HeartRateSeriesInputDto;

  @ApiPropertyOptional({
    type: IntervalTimerSessionDto,
    description: 'La sesión del temporizador de intervalos; requerida (y solo admitida) con workoutId "interval-timer"',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => IntervalTimerSessionDto)
  intervalTimer?: IntervalTimerSessionDto;
}

export class WorkoutRefDto {
  @ApiProperty({ example: '9d2c61b4-7a0e-5c3f-9b2d-4e6a1f0c8d21' })
  _id: string;

  @ApiProperty({ example: 'Box and Burn Express' })
  title: string;

  @ApiProperty({ example: 1500 })
  estDurationSec: number;
}

export class PlanRefDto {
  @ApiProperty({ example: '1f4e7a2d-0c9b-5e3a-b8d1-6c2f9a7e0b33' })
  _id: string;

  @ApiProperty({ example: 'Arranque Pulso' })
  title: string;
}

export class ProgressRecordDto {
  @ApiProperty({ example: '0d9e7a52-3c1b-4f7e-9d2a-6b8c4e1f0a37' })
  _id: string;

  @ApiProperty({ example: '2026-11-21T23:40:00.000Z' })
  completedAt: string;

  @ApiProperty({ example: '2026-11-21', description: 'Día en America/El_Salvador' })
  localDate: string;

  @ApiProperty({ type: WorkoutRefDto })
  workoutId: WorkoutRefDto;

  @ApiProperty({ type: PlanRefDto, nullable: true })
  planId: PlanRefDto | null;

  @ApiProperty({ type: String, nullable: true, example: '5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f' })
  enrollmentId: string | null;

  @ApiProperty({ example: 1245 })
  durationSec: number;

  @ApiProperty({ example: false })
  isRunning: boolean;

  @ApiProperty({
    type: HeartRateSummaryDto,
    nullable: true,
    description: 'Resumen de la frecuencia cardiaca de la sesión; null si se entrenó sin sensor',
  })
  heartRate: HeartRateSummaryDto | null;
}

export class PaginationDto {
  @ApiProperty({ example: 100 })
  limit: number;

  @ApiProperty({ example: 0 })
  offset: number;

  @ApiProperty({ example: 37 })
  total: number;

  @ApiProperty({ example: false })
  hasMore: boolean;
}

export class ProgressListResponseDto {
  @ApiProperty({ type: [ProgressRecordDto] })
  progress: ProgressRecordDto[];

  @ApiProperty({ type: PaginationDto })
  pagination: PaginationDto;
}

export class CompleteWorkoutResponseDto {
  @ApiProperty({ type: ProgressRecordDto })
  progress: ProgressRecordDto;

  @ApiProperty({ example: false, description: 'true si era un reintento ya contado' })
  duplicate: boolean;

  @ApiProperty({ example: true, description: 'false si las proyecciones no alcanzaron la escritura a tiempo' })
  consistent: boolean;

  @ApiProperty({
    type: HeartRateSummaryDto,
    nullable: true,
    description: 'Resumen de la frecuencia cardiaca de la sesión; null sin lecturas o sin consentimiento',
  })
  heartRate: HeartRateSummaryDto | null;
}

export class RecentWorkoutDto {
  @ApiProperty({ example: '2026-11-21T23:40:00.000Z' })
  completedAt: string;

  @ApiProperty({ type: WorkoutRefDto })
  workoutId: WorkoutRefDto;
}

export class AchievementDto {
  @ApiProperty({ example: 'streak-3' })
  code: string;

  @ApiProperty({ example: '3 días seguidos' })
  title: string;

  @ApiProperty({ example: 'Entrena tres días consecutivos.' })
  description: string;

  @ApiProperty({ example: true })
  unlocked: boolean;

  @ApiProperty({ type: String, nullable: true, example: '2026-11-20T13:10:00.000Z' })
  unlockedAt: string | null;

  @ApiProperty({ example: 3 })
  progress: number;

  @ApiProperty({ example: 3 })
  target: number;
}

export class HeartRateStatsDto {
  @ApiProperty({ example: true, description: 'true con el consentimiento para registrar la frecuencia cardiaca vigente' })
  consented: boolean;

  @ApiProperty({ example: 640, description: 'Puntos Pulso del mes en curso (días de El Salvador)' })
  thisMonthPoints: number;

  @ApiProperty({ example: 180, description: 'Puntos Pulso de la semana en curso, de lunes a domingo' })
  thisWeekPoints: number;

  @ApiProperty({ example: 2310 })
  totalPoints: number;

  @ApiProperty({ example: 1300, description: 'Meta mensual de Puntos Pulso' })
  monthlyPointsTarget: number;

  @ApiProperty({ example: 14, description: 'Entrenamientos con resumen de frecuencia cardiaca' })
  sessions: number;

  @ApiProperty({ example: 3, description: 'Entrenamientos con la insignia de esfuerzo' })
  badgeSessions: number;
}

export class StatsDto {
  @ApiProperty({ example: 37 })
  totalWorkouts: number;

  @ApiProperty({ example: true })
  hasWorkoutToday: boolean;

  @ApiProperty({ example: 4 })
  currentStreak: number;

  @ApiProperty({ example: 9 })
  longestStreak: number;

  @ApiProperty({ example: 3 })
  thisWeekCount: number;

  @ApiProperty({ example: 11 })
  thisMonthCount: number;

  @ApiProperty({ example: 52200 })
  totalDurationSec: number;

  @ApiProperty({ example: 1 })
  activePlans: number;

  @ApiProperty({ type: [RecentWorkoutDto] })
  recentWorkouts: RecentWorkoutDto[];

  @ApiProperty({ type: [AchievementDto] })
  achievements: AchievementDto[];

  @ApiProperty({ type: HeartRateStatsDto, description: 'Puntos Pulso y sesiones con sensor' })
  heartRate: HeartRateStatsDto;
}

export class StatsResponseDto {
  @ApiProperty({ type: StatsDto })
  stats: StatsDto;
}

import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { INTERVAL_TIMER_KINDS, TIMER_BOUNDS, TIMER_MESSAGES, TIMER_NAME_MAX, type IntervalTimerKind } from '../interval-timer.rules';

/** The shape of a timer, bounded as ADR 0162 says; each field answers its own Spanish message. */
export class IntervalTimerSpecDto {
  @ApiProperty({ example: 20, minimum: TIMER_BOUNDS.workSec.min, maximum: TIMER_BOUNDS.workSec.max, description: 'Segundos de trabajo por ronda' })
  @IsInt({ message: TIMER_MESSAGES.workSec })
  @Min(TIMER_BOUNDS.workSec.min, { message: TIMER_MESSAGES.workSec })
  @Max(TIMER_BOUNDS.workSec.max, { message: TIMER_MESSAGES.workSec })
  workSec: number;

  @ApiProperty({ example: 10, minimum: TIMER_BOUNDS.restSec.min, maximum: TIMER_BOUNDS.restSec.max, description: 'Segundos de descanso tras cada ronda' })
  @IsInt({ message: TIMER_MESSAGES.restSec })
  @Min(TIMER_BOUNDS.restSec.min, { message: TIMER_MESSAGES.restSec })
  @Max(TIMER_BOUNDS.restSec.max, { message: TIMER_MESSAGES.restSec })
  restSec: number;

  @ApiProperty({ example: 8, minimum: TIMER_BOUNDS.rounds.min, maximum: TIMER_BOUNDS.rounds.max, description: 'Rondas por serie' })
  @IsInt({ message: TIMER_MESSAGES.rounds })
  @Min(TIMER_BOUNDS.rounds.min, { message: TIMER_MESSAGES.rounds })
  @Max(TIMER_BOUNDS.rounds.max, { message: TIMER_MESSAGES.rounds })
  rounds: number;

  @ApiProperty({ example: 1, minimum: TIMER_BOUNDS.sets.min, maximum: TIMER_BOUNDS.sets.max, description: 'Series' })
  @IsInt({ message: TIMER_MESSAGES.sets })
  @Min(TIMER_BOUNDS.sets.min, { message: TIMER_MESSAGES.sets })
  @Max(TIMER_BOUNDS.sets.max, { message: TIMER_MESSAGES.sets })
  sets: number;

  @ApiProperty({
    example: 60,
    minimum: TIMER_BOUNDS.setRestSec.min,
    maximum: TIMER_BOUNDS.setRestSec.max,
    description: 'Segundos de descanso entre series (sustituye al descanso de la última ronda de la serie)',
  })
  @IsInt({ message: TIMER_MESSAGES.setRestSec })
  @Min(TIMER_BOUNDS.setRestSec.min, { message: TIMER_MESSAGES.setRestSec })
  @Max(TIMER_BOUNDS.setRestSec.max, { message: TIMER_MESSAGES.setRestSec })
  setRestSec: number;
}

/** `POST /api/timer/presets`. */
export class CreateTimerPresetDto extends IntervalTimerSpecDto {
  @ApiProperty({ example: 'Piernas 40/20', maxLength: TIMER_NAME_MAX })
  @IsString({ message: TIMER_MESSAGES.name })
  @MinLength(1, { message: TIMER_MESSAGES.name })
  @MaxLength(TIMER_NAME_MAX, { message: TIMER_MESSAGES.name })
  name: string;
}

/** The finished session a timer completion describes (`intervalTimer` of `POST /api/progress/complete`). */
export class IntervalTimerSessionDto extends IntervalTimerSpecDto {
  @ApiProperty({ enum: INTERVAL_TIMER_KINDS, example: 'tabata' })
  @IsIn(INTERVAL_TIMER_KINDS, { message: TIMER_MESSAGES.kind })
  kind: IntervalTimerKind;

  @ApiProperty({ example: 'Tabata 20/10 × 8', maxLength: TIMER_NAME_MAX })
  @IsString({ message: TIMER_MESSAGES.name })
  @MinLength(1, { message: TIMER_MESSAGES.name })
  @MaxLength(TIMER_NAME_MAX, { message: TIMER_MESSAGES.name })
  name: string;
}

export class TimerPresetDto {
  @ApiProperty({ example: '0d9e7a52-3c1b-4f7e-9d2a-6b8c4e1f0a37' })
  id: string;

  @ApiProperty({ example: 'Piernas 40/20' })
  name: string;

  @ApiProperty({ example: 40 })
  workSec: number;

  @ApiProperty({ example: 20 })
  restSec: number;

  @ApiProperty({ example: 8 })
  rounds: number;

  @ApiProperty({ example: 2 })
  sets: number;

  @ApiProperty({ example: 60 })
  setRestSec: number;

  @ApiProperty({ example: 1020, description: 'Duración total en segundos' })
  totalSec: number;

  @ApiProperty({ example: '2026-11-24T14:05:00.000Z' })
  createdAt: string;
}

export class TimerPresetsResponseDto {
  @ApiProperty({ type: [TimerPresetDto], description: 'Del más reciente al más antiguo; sin temporizadores, lista vacía' })
  presets: TimerPresetDto[];
}

export class TimerPresetResponseDto {
  @ApiProperty({ type: TimerPresetDto })
  preset: TimerPresetDto;
}

export class DeleteTimerPresetResponseDto {
  @ApiProperty({ example: '0d9e7a52-3c1b-4f7e-9d2a-6b8c4e1f0a37' })
  id: string;

  @ApiProperty({ example: 'Temporizador eliminado.' })
  message: string;
}

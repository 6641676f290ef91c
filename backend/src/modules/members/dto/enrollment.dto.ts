import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { RunningWorkoutDto, WorkoutDto } from '../../catalog/dto/catalog.dto';

export const ENROLLMENT_STATUSES = ['active', 'paused', 'completed'] as const;

export class CreateEnrollmentDto {
  @ApiProperty({ example: '1f4e7a2d-0c9b-5e3a-b8d1-6c2f9a7e0b33' })
  @IsString({ message: 'planId es requerido.' })
  @MaxLength(80, { message: 'planId no es válido.' })
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'planId no es válido.' })
  planId: string;
}

export class EnrollmentPlanDto {
  @ApiProperty({ example: '1f4e7a2d-0c9b-5e3a-b8d1-6c2f9a7e0b33' })
  _id: string;

  @ApiProperty({ example: 'Arranque Pulso' })
  title: string;

  @ApiProperty({ enum: ['beginner', 'intermediate', 'advanced'], example: 'beginner' })
  difficulty: string;

  @ApiProperty({ example: 12 })
  totalWorkouts: number;
}

export class EnrollmentDto {
  @ApiProperty({ example: '5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f' })
  _id: string;

  @ApiProperty({ type: EnrollmentPlanDto })
  planId: EnrollmentPlanDto;

  @ApiProperty({ enum: ENROLLMENT_STATUSES, example: 'active' })
  status: (typeof ENROLLMENT_STATUSES)[number];

  @ApiProperty({ example: 3, description: 'Índice (desde 0) del entrenamiento actual del plan' })
  currentIndex: number;

  @ApiProperty({ example: '2026-11-02T14:05:00.000Z' })
  enrolledAt: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: null })
  completedAt: string | null;

  @ApiProperty({
    enum: ['member', 'staff'],
    nullable: true,
    example: null,
    description: 'Quién pausó la inscripción (solo si está pausada): "staff" es una pausa del estudio que el socio no puede levantar',
  })
  pausedBy: 'member' | 'staff' | null;
}

export class EnrollmentsResponseDto {
  @ApiProperty({ type: [EnrollmentDto] })
  enrollments: EnrollmentDto[];
}

export class EnrollmentResponseDto {
  @ApiProperty({ type: EnrollmentDto })
  enrollment: EnrollmentDto;
}

export class PlanProgressDto {
  @ApiProperty({ example: 4, description: 'Número (desde 1) del entrenamiento actual' })
  current: number;

  @ApiProperty({ example: 12 })
  total: number;

  @ApiProperty({ example: 25 })
  percentComplete: number;
}

/**
 * `/enrollments/{id}/current`. A plan holds training workouts and may hold running ones,
 * so each workout is the catalogue's full answer of either kind (a running one has
 * `isRunning: true`). `currentWorkout` is null once every workout is done.
 */
@ApiExtraModels(WorkoutDto, RunningWorkoutDto)
export class CurrentWorkoutResponseDto {
  @ApiProperty({
    oneOf: [{ $ref: getSchemaPath(WorkoutDto) }, { $ref: getSchemaPath(RunningWorkoutDto) }],
    nullable: true,
    description: 'El entrenamiento que toca; null cuando el plan está completo',
  })
  currentWorkout: WorkoutDto | RunningWorkoutDto | null;

  @ApiProperty({
    oneOf: [{ $ref: getSchemaPath(WorkoutDto) }, { $ref: getSchemaPath(RunningWorkoutDto) }],
    nullable: true,
    description: 'El siguiente del plan; null si el actual es el último',
  })
  nextWorkout: WorkoutDto | RunningWorkoutDto | null;

  @ApiProperty({ type: PlanProgressDto })
  progress: PlanProgressDto;
}

export class AbandonEnrollmentResponseDto {
  @ApiProperty({ example: '5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f' })
  enrollmentId: string;

  @ApiProperty({ enum: ['abandoned'], example: 'abandoned' })
  status: 'abandoned';

  @ApiProperty({ example: 'Abandonaste el plan.' })
  message: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';

export const ENROLLMENT_STATUSES = ['active', 'paused', 'completed'] as const;

export class CreateEnrollmentDto {
  @ApiProperty({ example: 'plan-fuerza-base' })
  @IsString({ message: 'planId es requerido.' })
  @MaxLength(80, { message: 'planId no es válido.' })
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'planId no es válido.' })
  planId: string;
}

export class EnrollmentPlanDto {
  @ApiProperty({ example: 'plan-fuerza-base' })
  _id: string;

  @ApiProperty({ example: 'Fuerza Base' })
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

  @ApiPropertyOptional({ nullable: true, example: null })
  completedAt: string | null;
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

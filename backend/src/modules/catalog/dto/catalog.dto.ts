import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import {
  DIFFICULTIES,
  EXERCISE_KINDS,
  INTERVAL_TYPES,
  MEDIA_FAMILIES,
  ROUND_TYPES,
  RUNNING_TYPES,
  TERRAINS,
  VIDEO_QUALITIES,
  WORKOUT_TYPES,
  type Difficulty,
  type ExerciseKind,
  type IntervalType,
  type MediaFamily,
  type RoundType,
  type RunningType,
  type Terrain,
  type VideoQuality,
  type WorkoutType,
} from '../catalog.types';

export class MediaDto {
  @ApiProperty({ example: 'ejercicio-sentadilla', description: 'Identificador del clip en el CDN de medios; lo comparten los ejercicios de una familia.' })
  publicId: string;

  @ApiProperty({
    example: '/api/media/ejercicio-sentadilla',
    description:
      'Clip en calidad por defecto (high). En modo embebido acepta `?quality=low|medium|high|ultra`; con CDN la calidad es una transformación tras `/video/upload/`.',
  })
  videoUrl: string;

  @ApiProperty({ example: '/api/media/ejercicio-sentadilla' })
  secureUrl: string;

  @ApiProperty({ example: '/api/media/ejercicio-sentadilla/thumbnail', description: 'Imagen fija: la foto del estudio si la hay.' })
  thumbSecureUrl: string;

  @ApiProperty({ enum: MEDIA_FAMILIES, example: 'sentadilla', description: 'Familia de movimiento: la demostración ilustrada que dibuja la app.' })
  family: MediaFamily;

  @ApiProperty({ example: false, description: 'true si videoUrl es un video propio del estudio en lugar de la demostración.' })
  customVideo: boolean;

  @ApiPropertyOptional({ example: '/api/media/uploads/4f1c2a9e-1b7d-4d0e-9a57-3c1b8e2f6a10.jpg', description: 'Foto propia del estudio, si la hay.' })
  photoUrl?: string;
}

export class ExerciseDetailsDto {
  @ApiProperty({ example: 'Sentadilla con peso corporal' })
  name: string;

  @ApiProperty({ type: [String], example: ['Cuádriceps', 'Glúteos'] })
  primaryMuscles: string[];

  @ApiProperty({ type: MediaDto })
  media: MediaDto;
}

export class RoundExerciseDto {
  @ApiProperty({ example: '0b6f3f3e-3c1d-5a0e-8f67-2f1f0d8a9c11' })
  exerciseId: string;

  @ApiProperty({
    enum: EXERCISE_KINDS,
    example: 'reps',
    description: "'time': dura exerciseTime segundos; 'reps': el miembro pulsa 'Terminé' al completar exerciseReps.",
  })
  type: ExerciseKind;

  @ApiPropertyOptional({ example: 40, description: 'Segundos de trabajo (solo type time).' })
  exerciseTime?: number;

  @ApiPropertyOptional({ example: 12, description: 'Repeticiones objetivo (solo type reps).' })
  exerciseReps?: number;

  @ApiPropertyOptional({ example: 15, description: 'Segundos de descanso después del ejercicio; si falta, el reproductor descansa 10 s.' })
  exerciseRest?: number;

  @ApiProperty({ type: ExerciseDetailsDto })
  details: ExerciseDetailsDto;
}

export class RoundDto {
  @ApiProperty({ enum: ROUND_TYPES, example: 'circuit' })
  roundType: RoundType;

  @ApiProperty({ example: 'Circuito A (1/3)' })
  roundName: string;

  @ApiPropertyOptional({ example: 60, description: 'Segundos de descanso al terminar la ronda; si falta, el reproductor descansa 10 s.' })
  restBetweenRounds?: number;

  @ApiProperty({ type: [RoundExerciseDto] })
  exercises: RoundExerciseDto[];
}

export class WorkoutDto {
  @ApiProperty({ example: '9d2c61b4-7a0e-5c3f-9b2d-4e6a1f0c8d21' })
  _id: string;

  @ApiProperty({ example: 'Full Body Blast' })
  title: string;

  @ApiProperty({ example: 'Trabajar todo el cuerpo con intensidad de clase dominical' })
  goal: string;

  @ApiProperty({ example: 'La clase de los domingos: dos circuitos de cuerpo completo…' })
  description: string;

  @ApiProperty({ enum: DIFFICULTIES, example: 'intermediate' })
  difficulty: Difficulty;

  @ApiProperty({ enum: WORKOUT_TYPES, isArray: true, example: ['full-body', 'hiit'] })
  workoutType: WorkoutType[];

  @ApiProperty({ example: 35, description: 'Duración en minutos: estDurationSec al minuto más cercano (al menos 1). La que muestran todas las pantallas.' })
  estDurationMin: number;

  @ApiProperty({ example: 2094, description: 'Duración estimada en segundos, calculada de las rondas como las reproduce el reproductor.' })
  estDurationSec: number;

  @ApiProperty({ example: 35, description: 'Duración en minutos (igual a estDurationMin).' })
  duration: number;

  @ApiProperty({ example: 35, description: 'Minutos calculados de las rondas (igual a estDurationMin).' })
  calculatedDurationMin: number;

  @ApiProperty({ example: 8 })
  totalRounds: number;

  @ApiProperty({ type: [String], example: ['Cuádriceps', 'Glúteos', 'Core'] })
  targetMuscles: string[];

  @ApiProperty({ type: [String], example: ['Kettlebell', 'Mancuernas'] })
  requiresEquipment: string[];

  @ApiProperty({ type: [RoundDto] })
  rounds: RoundDto[];
}

export class WorkoutListDto {
  @ApiProperty({ type: [WorkoutDto] })
  workouts: WorkoutDto[];
}

export class WorkoutDetailDto {
  @ApiProperty({ type: WorkoutDto })
  workout: WorkoutDto;
}

export class IntervalDto {
  @ApiProperty({ enum: INTERVAL_TYPES, example: 'hard' })
  type: IntervalType;

  @ApiPropertyOptional({ example: 1.5, description: 'Minutos (intervalos por tiempo).' })
  duration?: number;

  @ApiPropertyOptional({ example: 0.4, description: 'Kilómetros (intervalos por distancia).' })
  distance?: number;

  @ApiProperty({ example: '4:10–4:35 min/km' })
  pace: string;

  @ApiPropertyOptional({ example: 8, description: 'Veces que se repite el intervalo; si falta, una.' })
  repetitions?: number;

  @ApiProperty({ example: 'Repetición de 400 m' })
  description: string;
}

export class RunningWorkoutDto {
  @ApiProperty({ example: '5a1e0c2b-8f3d-5b6a-a1c4-7d9e2f3b4c55' })
  _id: string;

  @ApiProperty({ example: 'Intervalos de 400 m en Pista' })
  title: string;

  @ApiProperty({ example: 'Mejorar tu velocidad y tu VO2 máx' })
  goal: string;

  @ApiProperty({ example: 'Ocho repeticiones de 400 metros en la pista del estadio…' })
  description: string;

  @ApiProperty({ enum: DIFFICULTIES, example: 'advanced' })
  difficulty: Difficulty;

  @ApiProperty({ example: 8, description: 'Kilómetros.' })
  distance: number;

  @ApiProperty({ example: 50, description: 'Minutos.' })
  duration: number;

  @ApiProperty({ enum: RUNNING_TYPES, example: 'interval-training' })
  runningType: RunningType;

  @ApiProperty({ enum: TERRAINS, example: 'track' })
  terrain: Terrain;

  @ApiProperty({ example: 560, description: 'Kilocalorías estimadas para una persona de 70 kg.' })
  calories: number;

  @ApiProperty({ example: 'Cada 400 m a tu ritmo de 3K–5K (alrededor de 1:40–1:50 por vuelta).' })
  paceInstructions: string;

  @ApiProperty({ type: [IntervalDto] })
  intervals: IntervalDto[];

  @ApiProperty({ type: [String], example: ['Haz 4 aceleraciones de 80 m antes de la primera repetición.'] })
  tips: string[];

  @ApiProperty({ type: [String], example: ['Acceso a pista de atletismo', 'Reloj con cronómetro'] })
  requirements: string[];

  @ApiProperty({ example: true, enum: [true] })
  isRunning: true;
}

export class RunningWorkoutListDto {
  @ApiProperty({ type: [RunningWorkoutDto] })
  workouts: RunningWorkoutDto[];
}

export class RunningWorkoutDetailDto {
  @ApiProperty({ type: RunningWorkoutDto })
  workout: RunningWorkoutDto;
}

export class PlanWorkoutDto {
  @ApiProperty({ example: '9d2c61b4-7a0e-5c3f-9b2d-4e6a1f0c8d21', description: 'Id del entrenamiento (GET /api/workouts/{id}).' })
  _id: string;

  @ApiProperty({ example: 'Activación Express' })
  title: string;

  @ApiProperty({ example: 'Despertar el cuerpo en menos de tres minutos' })
  goal: string;

  @ApiProperty({ example: 165 })
  estDurationSec: number;

  @ApiProperty({ example: 3, description: 'Duración en minutos, la misma que GET /api/workouts/{id} sirve en estDurationMin.' })
  estDurationMin: number;

  @ApiProperty({ enum: DIFFICULTIES, example: 'beginner' })
  difficulty: Difficulty;

  @ApiProperty({ enum: WORKOUT_TYPES, isArray: true, example: ['full-body', 'cardio'] })
  workoutType: WorkoutType[];

  @ApiProperty({ example: 1, description: 'Semana del plan en la que toca (1 = primera).' })
  week: number;
}

export class PlanDto {
  @ApiProperty({ example: '1f4e7a2d-0c9b-5e3a-b8d1-6c2f9a7e0b33' })
  _id: string;

  @ApiProperty({ example: 'Arranque Pulso' })
  title: string;

  @ApiProperty({ example: 'Dos semanas para dar tus primeros pasos en la plataforma…' })
  description: string;

  @ApiProperty({ enum: DIFFICULTIES, example: 'beginner' })
  difficulty: Difficulty;

  @ApiProperty({ example: 6 })
  totalWorkouts: number;

  @ApiProperty({ example: 2 })
  estimatedWeeks: number;

  @ApiProperty({ type: [PlanWorkoutDto], description: 'Entrenamientos en el orden en que se hacen; un entrenamiento puede repetirse en varias semanas.' })
  workouts: PlanWorkoutDto[];
}

export class PlanListDto {
  @ApiProperty({ type: [PlanDto] })
  plans: PlanDto[];
}

export class MediaQueryDto {
  @ApiPropertyOptional({ enum: VIDEO_QUALITIES, example: 'high', description: 'Calidad del clip (sección 9); por defecto high.' })
  @IsOptional()
  @IsIn(VIDEO_QUALITIES)
  quality?: VideoQuality;
}

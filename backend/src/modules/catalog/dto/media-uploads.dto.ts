import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsUUID } from 'class-validator';
import { MEDIA_FAMILIES, type MediaFamily } from '../catalog.types';
import { STUDIO_TRAINERS } from '../studio-trainers';

export const MEDIA_KINDS = ['photo', 'video'] as const;

export class ExerciseMediaParamDto {
  @ApiProperty({ description: 'Id del ejercicio' })
  @IsUUID()
  exerciseId: string;
}

export class ExerciseMediaKindParamDto extends ExerciseMediaParamDto {
  @ApiProperty({ enum: MEDIA_KINDS, description: 'Qué medio del estudio se quita: la foto o el video' })
  @IsIn(MEDIA_KINDS)
  mediaKind: 'photo' | 'video';
}

export class TrainerMediaParamDto {
  @ApiProperty({ enum: STUDIO_TRAINERS.map((trainer) => trainer.trainerId), description: 'Entrenador del sitio público' })
  @IsIn(STUDIO_TRAINERS.map((trainer) => trainer.trainerId))
  trainerId: string;
}

export class MediaUploadFormDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'Video MP4 (H.264) o WebM de hasta 25 MB, o foto JPEG, PNG o WebP de hasta 5 MB' })
  archivo: unknown;
}

export class MediaUploadDto {
  @ApiProperty({ enum: MEDIA_KINDS, example: 'photo' })
  mediaKind: 'photo' | 'video';

  @ApiProperty({ example: '/api/media/uploads/4f1c2a9e-1b7d-4d0e-9a57-3c1b8e2f6a10.jpg', description: 'Dirección del archivo (con MEDIA_CDN_BASE, en el CDN)' })
  url: string;

  @ApiProperty({ example: 'image/jpeg' })
  contentType: string;

  @ApiProperty({ example: 245760 })
  sizeBytes: number;

  @ApiProperty({ example: 'sentadilla-estudio.jpg' })
  originalName: string;

  @ApiProperty({ example: 'Rosa Recepción' })
  uploadedByName: string;

  @ApiProperty({ example: '2026-11-24T15:04:05.000Z' })
  uploadedAt: string;
}

export class StaffExerciseMediaDto {
  @ApiProperty()
  exerciseId: string;

  @ApiProperty({ example: 'Sentadilla con peso corporal' })
  name: string;

  @ApiProperty({ enum: MEDIA_FAMILIES, description: 'Familia de movimiento de la demostración ilustrada' })
  family: MediaFamily;

  @ApiProperty({ example: 4, description: 'Entrenamientos de la biblioteca que lo usan' })
  workouts: number;

  @ApiPropertyOptional({ type: MediaUploadDto, description: 'Foto del estudio: sustituye la ilustración en tarjetas y como imagen fija' })
  photo?: MediaUploadDto;

  @ApiPropertyOptional({ type: MediaUploadDto, description: 'Video del estudio: sustituye la demostración animada en el reproductor' })
  video?: MediaUploadDto;
}

export class StaffTrainerMediaDto {
  @ApiProperty({ example: 'andres' })
  trainerId: string;

  @ApiProperty({ example: 'Andrés Castillo' })
  name: string;

  @ApiProperty({ example: 'Head Coach · Cofundador' })
  position: string;

  @ApiProperty({ example: '/images/trainer-andres.svg', description: 'Retrato ilustrado que se muestra sin foto' })
  portraitUrl: string;

  @ApiPropertyOptional({ type: MediaUploadDto })
  photo?: MediaUploadDto;
}

export class MediaLimitsDto {
  @ApiProperty({ example: 5242880 })
  photoMaxBytes: number;

  @ApiProperty({ example: 26214400 })
  videoMaxBytes: number;
}

export class StaffMediaDto {
  @ApiProperty({ type: [StaffExerciseMediaDto] })
  exercises: StaffExerciseMediaDto[];

  @ApiProperty({ type: [StaffTrainerMediaDto] })
  trainers: StaffTrainerMediaDto[];

  @ApiProperty({ type: MediaLimitsDto })
  limits: MediaLimitsDto;
}

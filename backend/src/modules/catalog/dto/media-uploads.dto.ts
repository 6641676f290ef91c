import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { MEDIA_FAMILIES, type MediaFamily } from '../catalog.types';
import { LANDING_SLOT_IDS } from '../landing-slots';
import { MEDIA_MESSAGES } from '../media-sniff';

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

export class LandingPlaceParamDto {
  @ApiProperty({ enum: LANDING_SLOT_IDS, description: 'Lugar del inicio del sitio: la portada, una sección o un entrenador del carrusel' })
  @IsIn(LANDING_SLOT_IDS)
  place: string;
}

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Multipart fields arrive as text: "40" is the number 40, anything else stays as sent and fails. */
const wholeNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) ? Number(value) : value);

/** The text fields of a landing photo's upload (the file travels as `archivo`). */
export class LandingImageFieldsDto {
  @ApiProperty({
    example: 'Clase de Box and Burn con las pantallas de frecuencia cardiaca encendidas',
    maxLength: 200,
    description: 'Texto alternativo: qué muestra la foto, para quien no la ve',
  })
  @Transform(trimmed)
  // A missing field fails as "not text": both say what to write.
  @IsString({ message: MEDIA_MESSAGES.altRequired })
  @IsNotEmpty({ message: MEDIA_MESSAGES.altRequired })
  @MaxLength(200)
  alt: string;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 100,
    example: 50,
    description: 'Punto focal horizontal, en % del ancho (0 = borde izquierdo); 50 si no se envía',
  })
  @IsOptional()
  @Transform(wholeNumber)
  @IsInt()
  @Min(0)
  @Max(100)
  focalX?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 100, example: 35, description: 'Punto focal vertical, en % del alto (0 = borde superior); 50 si no se envía' })
  @IsOptional()
  @Transform(wholeNumber)
  @IsInt()
  @Min(0)
  @Max(100)
  focalY?: number;
}

export class LandingImageFormDto extends LandingImageFieldsDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'Foto JPEG, PNG o WebP de hasta 5 MB' })
  archivo: unknown;
}

/** Changes to a landing photo already uploaded: its text, its focal point or both. */
export class LandingImageDetailsDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty({ message: MEDIA_MESSAGES.altRequired })
  @MaxLength(200)
  alt?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: 100 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100)
  focalX?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 100 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100)
  focalY?: number;
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

export class LandingPictureDto {
  @ApiProperty({ enum: LANDING_SLOT_IDS, example: 'portada' })
  slot: string;

  @ApiProperty({ example: 'Clase de Box and Burn con las pantallas de frecuencia cardiaca encendidas' })
  alt: string;

  @ApiProperty({ example: 50, description: 'Punto focal horizontal (% del ancho)' })
  focalX: number;

  @ApiProperty({ example: 35, description: 'Punto focal vertical (% del alto)' })
  focalY: number;

  @ApiProperty({ example: 2400, description: 'Ancho de la foto, ya derecha' })
  width: number;

  @ApiProperty({ example: 1600 })
  height: number;

  @ApiProperty({ example: '/api/media/uploads/4f1c2a9e-1b7d-4d0e-9a57-3c1b8e2f6a10-960.webp', description: 'Tamaño WebP para navegadores que solo leen src' })
  src: string;

  @ApiProperty({
    example: '/api/media/uploads/4f1c2a9e-1b7d-4d0e-9a57-3c1b8e2f6a10-640.avif 640w, /api/media/uploads/4f1c2a9e-1b7d-4d0e-9a57-3c1b8e2f6a10-960.avif 960w',
  })
  avifSrcset: string;

  @ApiProperty({
    example: '/api/media/uploads/4f1c2a9e-1b7d-4d0e-9a57-3c1b8e2f6a10-640.webp 640w, /api/media/uploads/4f1c2a9e-1b7d-4d0e-9a57-3c1b8e2f6a10-960.webp 960w',
  })
  webpSrcset: string;

  @ApiProperty({ description: 'El <picture> que el inicio muestra en ese lugar, tal como va en el HTML servido' })
  html: string;
}

export class LandingImagesDto {
  @ApiProperty({ type: [LandingPictureDto], description: 'Solo los lugares con foto del estudio; los demás muestran la ilustración' })
  images: LandingPictureDto[];
}

export class StaffLandingPhotoDto extends MediaUploadDto {
  @ApiProperty({ example: 'Clase de Box and Burn con las pantallas de frecuencia cardiaca encendidas' })
  alt: string;

  @ApiProperty({ example: 50 })
  focalX: number;

  @ApiProperty({ example: 35 })
  focalY: number;

  @ApiProperty({ example: 2400 })
  width: number;

  @ApiProperty({ example: 1600 })
  height: number;

  @ApiProperty({ example: '/api/media/uploads/4f1c2a9e-1b7d-4d0e-9a57-3c1b8e2f6a10-960.webp', description: 'Tamaño para ver la foto en la consola' })
  previewUrl: string;

  @ApiProperty({ example: 8, description: 'Tamaños AVIF y WebP generados' })
  sizes: number;
}

export class StaffLandingImageDto {
  @ApiProperty({ enum: LANDING_SLOT_IDS, example: 'portada' })
  slot: string;

  @ApiProperty({ example: 'Portada' })
  label: string;

  @ApiProperty({ example: 'Fondo de la primera pantalla del inicio, detrás del título' })
  where: string;

  @ApiPropertyOptional({ example: '/images/about-studio.svg', description: 'Ilustración que se muestra sin foto (la portada no tiene)' })
  illustrationUrl?: string;

  @ApiProperty({ example: 640, description: 'Ancho mínimo de la foto, en px' })
  minWidth: number;

  @ApiPropertyOptional({ type: StaffLandingPhotoDto })
  photo?: StaffLandingPhotoDto;
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

  @ApiProperty({ type: [StaffLandingImageDto], description: 'La portada, las secciones y los entrenadores del inicio del sitio' })
  landing: StaffLandingImageDto[];

  @ApiProperty({ type: MediaLimitsDto })
  limits: MediaLimitsDto;
}

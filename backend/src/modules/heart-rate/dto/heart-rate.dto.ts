import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
  ValidatorConstraint,
  Validate,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { BPM_RANGE, isBpmSample, isRrInterval, MAX_RR_INTERVALS, MAX_SERIES_SAMPLES, rrCountsMatch, RR_MS_RANGE } from '../heart-rate.rules';

export class UpdateHeartRateConsentDto {
  @ApiProperty({ example: true, description: 'true para dar el consentimiento, false para retirarlo' })
  @IsBoolean()
  granted: boolean;

  @ApiProperty({ example: '2026-11-24.3', description: 'Versión del aviso que el socio leyó (se ignora al retirar el consentimiento)' })
  @IsString()
  @MaxLength(40)
  @Matches(/^[A-Za-z0-9._-]+$/)
  noticeVersion: string;

  @ApiProperty({
    required: false,
    example: true,
    description:
      'Solo al retirar el consentimiento: true elimina también los datos de frecuencia cardiaca guardados (lecturas de las sesiones, sus resúmenes y la FC máxima ajustada)',
  })
  @IsOptional()
  @IsBoolean()
  deleteData?: boolean;
}

/** The front desk records a member's consent: the member read the notice on the desk's screen and accepted it (ADR 0295). */
export class RecordDeskHeartRateConsentDto {
  @ApiProperty({ example: '2026-11-24.3', description: 'Versión del aviso que el miembro leyó en la pantalla de recepción' })
  @IsString()
  @MaxLength(40)
  @Matches(/^[A-Za-z0-9._-]+$/)
  noticeVersion: string;

  @ApiProperty({
    example: true,
    description: 'true: el miembro leyó el aviso en la pantalla de recepción y pulsó «Acepto»; cualquier otro valor no registra nada',
  })
  @IsBoolean()
  memberAccepted: boolean;
}

export class StaffMemberHeartRateParamDto {
  @IsString({ message: 'userId debe ser un texto.' })
  @Matches(/^[A-Za-z0-9_-]{1,200}$/, { message: 'userId debe ser el identificador de un miembro.' })
  userId!: string;
}

export class DeskHeartRateConsentDto {
  @ApiProperty({ example: 'user_2abc' })
  userId: string;

  @ApiProperty({ example: true, description: 'Si el miembro tiene su consentimiento vigente' })
  granted: boolean;

  @ApiProperty({ type: String, nullable: true, example: '2026-11-24.3', description: 'El aviso aceptado' })
  noticeVersion: string | null;

  @ApiProperty({ type: String, nullable: true, example: '2026-11-24T14:05:00.000Z', description: 'Cuándo se dio el consentimiento vigente' })
  at: string | null;

  @ApiProperty({ example: true, description: 'true si el consentimiento vigente se registró en recepción; false si el miembro ya lo había dado en la app' })
  recordedAtDesk: boolean;
}

export class HeartRateConsentDto {
  @ApiProperty({ example: true })
  granted: boolean;

  @ApiProperty({ type: String, nullable: true, example: '2026-11-24.3', description: 'El aviso aceptado; null sin consentimiento' })
  noticeVersion: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '2026-11-24T14:05:00.000Z',
    description: 'Cuándo se dio el consentimiento vigente o, si se retiró, cuándo se retiró; null si nunca se dio',
  })
  at: string | null;
}

export class HeartRateZoneDto {
  @ApiProperty({ enum: [1, 2, 3, 4, 5], example: 3 })
  zone: 1 | 2 | 3 | 4 | 5;

  @ApiProperty({ example: 'Moderada' })
  name: string;

  @ApiProperty({ example: '#22C55E', description: 'Color de la zona (hex)' })
  color: string;

  @ApiProperty({ example: 70, description: 'Porcentaje mínimo de la FC máxima; la zona llega hasta el mínimo de la siguiente' })
  minPct: number;

  @ApiProperty({ example: 131, description: 'LPM mínimos de la zona para la FC máxima del socio (un LPM está en la zona si es ≥ minBpm)' })
  minBpm: number;

  @ApiProperty({ example: 3, description: 'Puntos Pulso por minuto en la zona' })
  pointsPerMinute: number;
}

export class HeartRateBadgeDto {
  @ApiProperty({ example: 84, description: 'Porcentaje mínimo de la FC máxima que cuenta para la insignia' })
  minPct: number;

  @ApiProperty({ example: 12, description: 'Minutos a esa intensidad o más para ganar la insignia de la sesión' })
  minutes: number;
}

export class HeartRateProfileDto {
  @ApiProperty({ type: HeartRateConsentDto })
  consent: HeartRateConsentDto;

  @ApiProperty({ example: '2026-11-24.3', description: 'Versión vigente del aviso de frecuencia cardiaca' })
  currentNoticeVersion: string;

  @ApiProperty({ example: 187, description: 'Frecuencia cardiaca máxima en LPM' })
  maxHr: number;

  @ApiProperty({
    enum: ['age', 'default', 'measured', 'raised'],
    example: 'age',
    description:
      'age: por la edad del perfil (Tanaka); default: edad supuesta de 30 años; measured: la que el socio midió y registró; raised: la plataforma la subió tras una sesión por encima',
  })
  maxHrSource: 'age' | 'default' | 'measured' | 'raised';

  @ApiProperty({ type: Number, nullable: true, example: null, description: 'La FC máxima que el socio midió y registró; null si usa la estimada' })
  measuredMaxHr: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 30, description: 'Edad del perfil; null sin fecha de nacimiento' })
  age: number | null;

  @ApiProperty({ type: [HeartRateZoneDto] })
  zones: HeartRateZoneDto[];

  @ApiProperty({ type: HeartRateBadgeDto })
  badge: HeartRateBadgeDto;

  @ApiProperty({ example: 1300, description: 'Meta mensual de Puntos Pulso' })
  monthlyPointsTarget: number;

  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'Cuándo el socio eliminó por última vez sus datos de frecuencia cardiaca guardados; null si nunca',
  })
  dataDeletedAt: string | null;
}

@ValidatorConstraint({ name: 'bpmSamples' })
class BpmSamples implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return Array.isArray(value) && value.every(isBpmSample);
  }
}

@ValidatorConstraint({ name: 'rrIntervals' })
class RrIntervals implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return Array.isArray(value) && value.every(isRrInterval);
  }
}

@ValidatorConstraint({ name: 'rrCounts' })
class RrCounts implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    const rr = args.object as { ms?: unknown };
    return rrCountsMatch({ ms: rr.ms, counts: value }, MAX_SERIES_SAMPLES);
  }
}

@ValidatorConstraint({ name: 'rrWithinSeries' })
class RrWithinSeries implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    const { samples } = args.object as { samples?: unknown };
    const counts = (value as { counts?: unknown } | null)?.counts;
    // A malformed series or counts list is reported by their own rules.
    return !Array.isArray(samples) || !Array.isArray(counts) || counts.length <= samples.length;
  }
}

/** The R–R intervals the sensor sent, second by second of the time trained (ADR 0146). */
export class HeartRateRrInputDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'integer', minimum: RR_MS_RANGE.min, maximum: RR_MS_RANGE.max },
    maxItems: MAX_RR_INTERVALS,
    example: [812, 790, 805, 776],
    description: 'Intervalos R–R en milisegundos, en el orden en que llegaron',
  })
  @IsArray()
  @ArrayMaxSize(MAX_RR_INTERVALS, { message: `ms no puede tener más de ${MAX_RR_INTERVALS} intervalos.` })
  @Validate(RrIntervals, { message: `ms debe ser una lista de milisegundos enteros entre ${RR_MS_RANGE.min} y ${RR_MS_RANGE.max}.` })
  ms: number[];

  @ApiProperty({
    type: 'array',
    items: { type: 'integer', minimum: 0 },
    maxItems: MAX_SERIES_SAMPLES,
    example: [1, 2, 0, 1],
    description: 'Cuántos de los intervalos llegaron en cada segundo entrenado desde el inicio; suman la cantidad de intervalos',
  })
  @IsArray()
  @Validate(RrCounts, { message: 'counts debe ser una lista de enteros no negativos que sumen la cantidad de intervalos.' })
  counts: number[];
}

/** The session's readings as the player sends them with the completion (ADR 0133). */
export class HeartRateSeriesInputDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'integer', nullable: true, minimum: BPM_RANGE.min, maximum: BPM_RANGE.max },
    maxItems: MAX_SERIES_SAMPLES,
    example: [92, 95, null, 101],
    description:
      'LPM de cada segundo entrenado desde el inicio (null si el sensor no envió nada), seguidos de las lecturas posteriores al final (para la recuperación del primer minuto)',
  })
  @IsArray()
  @ArrayMaxSize(MAX_SERIES_SAMPLES)
  @Validate(BpmSamples, { message: `samples debe ser una lista de LPM enteros entre ${BPM_RANGE.min} y ${BPM_RANGE.max}, o null.` })
  samples: (number | null)[];

  @ApiPropertyOptional({
    type: HeartRateRrInputDto,
    description: 'Intervalos R–R del sensor (solo si los envía); se guardan con las lecturas y van en el archivo .fit, no en el resumen',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => HeartRateRrInputDto)
  @Validate(RrWithinSeries, { message: 'rr no puede tener más segundos que las lecturas.' })
  rr?: HeartRateRrInputDto;
}

export class HeartRateSummaryDto {
  @ApiProperty({ type: Number, nullable: true, example: 142 })
  avgBpm: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 176 })
  maxBpm: number | null;

  @ApiProperty({ type: [Number], example: [120, 300, 600, 540, 240], description: 'Segundos en las zonas 1 a 5' })
  secondsInZone: number[];

  @ApiProperty({ example: 780, description: 'Segundos al 84 % de la FC máxima o más' })
  secondsAtBadgeIntensity: number;

  @ApiProperty({ example: 58, description: 'Puntos Pulso de la sesión' })
  points: number;

  @ApiProperty({ type: Number, nullable: true, example: 412, description: 'kcal estimadas (Keytel 2005); null sin peso en el perfil' })
  kcal: number | null;

  @ApiProperty({ example: true, description: 'Insignia de la sesión: 12 minutos o más al 84 % o más' })
  badge: boolean;

  @ApiProperty({ example: 1800, description: 'Segundos de la sesión con lectura' })
  samples: number;

  @ApiProperty({ type: Number, nullable: true, example: 31, description: 'LPM que bajó en el primer minuto tras terminar; null sin lecturas' })
  recovery1MinBpm: number | null;
}

export class HeartRateSessionParamDto {
  @IsUUID('all', { message: 'completionId no es válido.' })
  completionId!: string;
}

export class HeartRateRrDto {
  @ApiProperty({ type: [Number], example: [812, 790, 805, 776], description: 'Intervalos R–R en milisegundos, en el orden en que llegaron' })
  ms!: number[];

  @ApiProperty({ type: [Number], example: [1, 2, 0, 1], description: 'Cuántos de los intervalos llegaron en cada segundo entrenado desde el inicio' })
  counts!: number[];
}

/** A session's 1 Hz readings as kept (ADR 0133), for the `.fit` file the member downloads (ADR 0141). */
export class HeartRateReadingsDto {
  @ApiProperty({ example: '6f1c2b9e-2f4e-4c1a-9a55-0c9d3c1f7a10' })
  completionId!: string;

  @ApiProperty({ example: '2026-11-24T12:30:00.000Z', description: 'Cuándo terminó la sesión (hora del servidor al guardarla)' })
  completedAt!: string;

  @ApiProperty({ example: 1800, description: 'Segundos entrenados; las lecturas desde ese índice son del minuto de recuperación' })
  durationSec!: number;

  @ApiProperty({
    type: 'array',
    items: { type: 'integer', nullable: true },
    example: [96, 98, null, 104],
    description: 'LPM de cada segundo desde el inicio; null donde el sensor no envió nada',
  })
  samples!: (number | null)[];

  @ApiProperty({ type: HeartRateRrDto, nullable: true, description: 'Intervalos R–R de la sesión; null si el sensor no los envió' })
  rr!: HeartRateRrDto | null;
}

export class SetMeasuredMaxHeartRateDto {
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 192,
    description: 'FC máxima medida por el socio (prueba de esfuerzo o de campo), LPM enteros entre 100 y 230; null para volver a la estimada',
  })
  @ValidateIf((_object, value) => value !== null)
  @IsInt({ message: 'La FC máxima medida debe ser un número entero entre 100 y 230 LPM.' })
  @Min(100, { message: 'La FC máxima medida debe ser un número entero entre 100 y 230 LPM.' })
  @Max(230, { message: 'La FC máxima medida debe ser un número entero entre 100 y 230 LPM.' })
  maxHr!: number | null;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsISO8601,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

export const GENDERS = ['male', 'female', 'other'] as const;
export const FITNESS_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;

/**
 * The profile as both the onboarding wizard and the profile page send it (spec section 7).
 * The profile page applies no bounds (spec section 5), so the server only rejects what no
 * person could have; the onboarding rules (age ≥ 13, 100–250 cm, 30–300 kg …) are the
 * decider's, with the spec's messages.
 */
export class ProfileInputDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: '1994-05-17T12:00:00.000Z', description: 'Fecha + T12:00:00.000Z, o null' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsISO8601({ strict: true }, { message: 'La fecha de nacimiento debe ser una fecha válida (AAAA-MM-DD).' })
  dateOfBirth?: string | null;

  @ApiPropertyOptional({ enum: [...GENDERS, ''], nullable: true, example: 'female' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null && value !== '')
  @IsIn(GENDERS, { message: 'gender debe ser uno de: male, female, other.' })
  gender?: (typeof GENDERS)[number] | '' | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 168, description: 'cm' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'height debe ser un número (cm).' })
  @Min(1, { message: 'height debe ser mayor que 0.' })
  @Max(300, { message: 'height no puede ser mayor que 300 cm.' })
  height?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 64, description: 'kg' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'weight debe ser un número (kg).' })
  @Min(1, { message: 'weight debe ser mayor que 0.' })
  @Max(500, { message: 'weight no puede ser mayor que 500 kg.' })
  weight?: number | null;

  @ApiPropertyOptional({ enum: FITNESS_LEVELS, nullable: true, example: 'intermediate' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null && value !== '')
  @IsIn(FITNESS_LEVELS, { message: 'fitnessLevel debe ser uno de: beginner, intermediate, advanced.' })
  fitnessLevel?: (typeof FITNESS_LEVELS)[number] | '' | null;

  @ApiPropertyOptional({ type: [String], example: ['Perder peso', 'Mejorar resistencia'] })
  @IsOptional()
  @IsArray({ message: 'goals debe ser una lista.' })
  @ArrayMaxSize(12, { message: 'goals no puede tener más de 12 objetivos.' })
  @IsString({ each: true, message: 'Cada objetivo debe ser texto.' })
  @MaxLength(60, { each: true, message: 'Cada objetivo puede tener hasta 60 caracteres.' })
  goals?: string[];
}

export class UpdateProfileDto {
  @ApiProperty({ type: ProfileInputDto })
  @IsObject({ message: 'profile es requerido.' })
  @ValidateNested()
  @Type(() => ProfileInputDto)
  profile: ProfileInputDto;

  @ApiPropertyOptional({ example: true, description: 'true desde el asistente de perfil; false desde la página de perfil' })
  @IsOptional()
  @IsBoolean({ message: 'completeOnboarding debe ser verdadero o falso.' })
  completeOnboarding?: boolean;
}

export class ProfileDto {
  @ApiProperty({ type: String, nullable: true, example: '1994-05-17T12:00:00.000Z' })
  dateOfBirth: string | null;

  @ApiProperty({ enum: GENDERS, nullable: true, example: 'female' })
  gender: (typeof GENDERS)[number] | null;

  @ApiProperty({ type: Number, nullable: true, example: 168 })
  height: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 64 })
  weight: number | null;

  @ApiProperty({ enum: FITNESS_LEVELS, nullable: true, example: 'intermediate' })
  fitnessLevel: (typeof FITNESS_LEVELS)[number] | null;

  @ApiProperty({ type: [String], example: ['Perder peso'] })
  goals: string[];
}

export class UserDto {
  @ApiProperty({ example: 'María' })
  firstName: string;

  @ApiProperty({ example: 'Hernández' })
  lastName: string;

  @ApiProperty({ example: 'maria@example.com' })
  email: string;

  @ApiProperty({ type: ProfileDto })
  profile: ProfileDto;

  @ApiProperty({ example: false })
  onboardingCompleted: boolean;
}

export class UserResponseDto {
  @ApiProperty({ type: UserDto })
  user: UserDto;
}

export class OnboardingStatusDto {
  @ApiProperty({ example: true })
  onboardingCompleted: boolean;
}

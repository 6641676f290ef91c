import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { EMAIL_TOPICS, type EmailTopic } from '../email-preferences.rules';

export class EmailPreferenceDto {
  @ApiProperty({ enum: EMAIL_TOPICS, example: 'performance-summary' })
  topic: EmailTopic;

  @ApiProperty({ example: 'Resumen de rendimiento después de cada entrenamiento' })
  label: string;

  @ApiProperty({ example: true, description: 'Si el socio recibe estos correos; todos empiezan suscritos' })
  subscribed: boolean;
}

export class EmailPreferencesDto {
  @ApiProperty({ type: [EmailPreferenceDto], description: 'Cada tipo de correo, en orden fijo' })
  preferences: EmailPreferenceDto[];
}

export class UpdateEmailPreferenceDto {
  @ApiProperty({ example: false, description: 'true para recibir estos correos, false para dejar de recibirlos' })
  @IsBoolean()
  subscribed: boolean;
}

export class EmailOptOutDto {
  @ApiProperty({ description: 'El token del enlace "dejar de recibir" de un correo' })
  @IsString()
  @MaxLength(1000)
  token: string;
}

export class EmailOptOutResultDto {
  @ApiProperty({ enum: EMAIL_TOPICS, example: 'performance-summary' })
  topic: EmailTopic;

  @ApiProperty({ example: 'Listo: ya no recibirás el resumen de rendimiento después de cada entrenamiento.' })
  message: string;
}

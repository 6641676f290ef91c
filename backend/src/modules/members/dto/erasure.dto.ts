import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class EraseMemberDataDto {
  @ApiPropertyOptional({ description: 'La solicitud de derechos que se atiende (su id o una referencia libre)', example: 'SOL-2026-0042', maxLength: 200 })
  @IsOptional()
  @IsString({ message: 'requestId debe ser un texto.' })
  @MaxLength(200, { message: 'requestId no puede tener más de 200 caracteres.' })
  requestId?: string;
}

export class ErasureResultDto {
  @ApiProperty({ example: '0b6f1c1e-7d4a-4f6e-9a57-3f7d2c9e8a10' })
  userId!: string;

  @ApiProperty({ example: '2026-11-24T18:00:00.000Z' })
  erasedAt!: string;

  @ApiProperty({ type: String, nullable: true, example: 'SOL-2026-0042' })
  requestId!: string | null;

  @ApiProperty({ description: 'Claves de datos destruidas', example: 1 })
  keysDestroyed!: number;

  @ApiProperty({ description: 'Filas borradas fuera de las proyecciones, por tabla', example: { heart_rate_series: 3, mail_outbox: 2 } })
  rowsDeleted!: Record<string, number>;

  @ApiProperty({ description: 'Si las proyecciones ya reflejaban el borrado al responder' })
  consistent!: boolean;
}

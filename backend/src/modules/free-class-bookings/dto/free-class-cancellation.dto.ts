import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

export class FreeClassCancelLinkDto {
  @ApiProperty({ description: 'El token del enlace "cancelar mi clase" del correo de confirmación' })
  @IsString()
  @MaxLength(300)
  token: string;
}

export class FreeClassByLinkDto {
  @ApiProperty({ example: 'Ana', description: 'El nombre del invitado, para saludarlo' })
  name: string;

  @ApiProperty({ example: '2026-11-24' })
  date: string;

  @ApiProperty({ example: 'martes, 24 de noviembre de 2026' })
  dateLabel: string;

  @ApiProperty({ example: '4:00-5:00 pm' })
  time: string;

  @ApiProperty({ example: 'Upper Body and Abs' })
  className: string;

  @ApiProperty({ description: 'Falso cuando la clase ya empezó: ya no se puede cancelar' })
  cancellable: boolean;
}

export class FreeClassCancelledDto {
  @ApiProperty({ example: 'Listo: cancelamos tu clase gratis y liberamos tu lugar. Puedes reservar otro horario cuando quieras.' })
  message: string;
}

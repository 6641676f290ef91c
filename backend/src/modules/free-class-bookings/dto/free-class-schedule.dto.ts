import { ApiProperty } from '@nestjs/swagger';

export class FreeClassDayDto {
  @ApiProperty({ example: '2026-11-24', description: 'Fecha (YYYY-MM-DD) en hora de El Salvador' })
  date: string;

  @ApiProperty({ example: 'Martes, 24 de noviembre' })
  label: string;

  @ApiProperty({ example: 'Upper Body and Abs', description: 'La clase de ese día' })
  className: string;

  @ApiProperty({ type: [String], example: ['4:00-5:00 pm', '6:00-7:00 pm'], description: 'Horarios aún disponibles, en orden' })
  slots: string[];

  @ApiProperty({
    type: [String],
    example: ['6:00-7:00 pm'],
    description: 'De esos horarios, los de una clase sin lugar (llena, cancelada o con el estudio cerrado)',
  })
  full: string[];
}

export class FreeClassScheduleDto {
  @ApiProperty({ example: 'America/El_Salvador' })
  timeZone: string;

  @ApiProperty({ type: [FreeClassDayDto], description: 'Hoy y los 6 días siguientes, sin domingos ni días sin horarios abiertos' })
  days: FreeClassDayDto[];
}

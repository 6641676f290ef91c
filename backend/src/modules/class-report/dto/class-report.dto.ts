import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';
import { CLASS_REPORT_MESSAGES, CLASSES_LEFT_BUCKETS, REPORT_MAX_WEEKS, type ClassesLeftBucket } from '../class-report.rules';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class ClassReportQueryDto {
  @ApiPropertyOptional({ example: '2026-11-09', description: 'Un día de la primera semana (AAAA-MM-DD); por defecto, 3 semanas antes de la última' })
  @IsOptional()
  @IsString({ message: CLASS_REPORT_MESSAGES.badDate })
  @Matches(DATE, { message: CLASS_REPORT_MESSAGES.badDate })
  from?: string;

  @ApiPropertyOptional({
    example: '2026-12-06',
    description: `Un día de la última semana (AAAA-MM-DD); por defecto, esta semana. Hasta ${REPORT_MAX_WEEKS} semanas`,
  })
  @IsOptional()
  @IsString({ message: CLASS_REPORT_MESSAGES.badDate })
  @Matches(DATE, { message: CLASS_REPORT_MESSAGES.badDate })
  to?: string;
}

export class ClassFiguresDto {
  @ApiProperty({ example: 9, description: 'Clases dadas (las canceladas no cuentan)' })
  classes: number;

  @ApiProperty({ example: 180, description: 'Lugares ofrecidos: la suma de los cupos' })
  capacity: number;

  @ApiProperty({ example: 150, description: 'Lugares ocupados: reservados, con asistencia o ausentes (las cancelaciones liberan el suyo)' })
  booked: number;

  @ApiProperty({ example: 132, description: 'Asistieron (registrados en recepción)' })
  attended: number;

  @ApiProperty({ example: 8, description: 'Reservaron y no llegaron' })
  noShows: number;

  @ApiProperty({ example: 12, description: 'Reservas que entraron a la lista de espera' })
  waitlistJoined: number;

  @ApiProperty({ example: 7, description: 'De ellas, cuántas consiguieron lugar' })
  waitlistPromoted: number;

  @ApiProperty({ type: Number, nullable: true, example: 0.833, description: 'Ocupación: lugares ocupados / cupo (0 a 1); null sin cupo' })
  occupancy: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 0.057, description: 'Ausencias / (asistencias + ausencias), 0 a 1; null si aún no hay ninguna' })
  noShowRate: number | null;
}

export class WeekFiguresDto extends ClassFiguresDto {
  @ApiProperty({ example: '2026-11-30', description: 'Lunes de la semana' })
  weekStart: string;

  @ApiProperty({ example: '2026-12-06', description: 'Domingo de la semana' })
  weekEnd: string;
}

export class ClassNameFiguresDto extends ClassFiguresDto {
  @ApiProperty({ example: 'Clásico' })
  className: string;

  @ApiProperty({ type: [WeekFiguresDto], description: 'Una por semana del reporte, en orden' })
  weeks: WeekFiguresDto[];
}

export class ClassesLeftBucketDto {
  @ApiProperty({ enum: CLASSES_LEFT_BUCKETS, example: '1 o 2' })
  label: ClassesLeftBucket;

  @ApiProperty({ example: 14 })
  count: number;
}

export class ExpiringWeekDto {
  @ApiProperty({ example: '2026-11-30' })
  weekStart: string;

  @ApiProperty({ example: '2026-12-06' })
  weekEnd: string;

  @ApiProperty({ example: 5, description: 'Membresías vigentes (no congeladas) cuyo último día cae en la semana, desde hoy' })
  count: number;
}

export class MembershipsOutlookDto {
  @ApiProperty({ example: '2026-12-02', description: 'Hoy, día del estudio' })
  today: string;

  @ApiProperty({ type: [ClassesLeftBucketDto], description: 'Membresías vigentes por clases que les quedan' })
  classesLeft: ClassesLeftBucketDto[];

  @ApiProperty({ type: [ExpiringWeekDto], description: 'Membresías que vencen esta semana y las 3 siguientes' })
  expiring: ExpiringWeekDto[];
}

export class ClassReportDto {
  @ApiProperty({ example: '2026-11-09', description: 'Lunes de la primera semana' })
  from: string;

  @ApiProperty({ example: '2026-12-06', description: 'Domingo de la última semana' })
  to: string;

  @ApiProperty({ type: ClassFiguresDto, description: 'Todo el rango' })
  total: ClassFiguresDto;

  @ApiProperty({ type: [WeekFiguresDto], description: 'Una por semana, en orden' })
  weeks: WeekFiguresDto[];

  @ApiProperty({ type: [ClassNameFiguresDto], description: 'Una por clase (nombre del tipo de clase), en orden alfabético' })
  classes: ClassNameFiguresDto[];

  @ApiProperty({ type: MembershipsOutlookDto })
  memberships: MembershipsOutlookDto;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { BPM_RANGE } from '../../heart-rate/heart-rate.rules';
import { GUEST_AGE_RANGE, MAX_READINGS_PER_BATCH } from '../studio-class.rules';

export class StartStudioClassDto {
  @ApiPropertyOptional({
    description:
      'La clase de hoy del horario (GET /api/staff/studio-class: today.classes[].slotId): la clase lleva su nombre y los miembros con llegada registrada reciben su banda recordada',
  })
  @IsOptional()
  @IsUUID()
  slotId?: string;

  @ApiPropertyOptional({ example: '6:00-7:00 pm', description: 'Sin slotId: uno de los horarios de hoy (today.slots)' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  slot?: string;
}

export class ForgetStrapParamDto {
  @ApiProperty({ description: 'El miembro cuya banda se olvida' })
  @IsString()
  @MinLength(1)
  @MaxLength(80)
  userId: string;
}

export class RememberedStrapDto {
  @ApiProperty()
  userId: string;
  @ApiProperty({ example: 'Carla Martínez' })
  fullName: string;
  @ApiProperty({ example: 'Polar H10 1A2B3C4D' })
  sensorId: string;
  @ApiProperty({ description: 'Cuándo recepción la emparejó por última vez' })
  rememberedAt: string;
}

export class RememberedStrapsDto {
  @ApiProperty({
    type: [RememberedStrapDto],
    description: 'Las bandas recordadas de los miembros con su consentimiento de frecuencia cardiaca vigente, por nombre',
  })
  straps: RememberedStrapDto[];
}

export class AssignStudioSensorDto {
  @ApiProperty({ description: 'Id (UUID) de la clase en curso' })
  @IsUUID()
  sessionId: string;

  @ApiProperty({ example: 'Polar H10 1A2B3C4D', description: 'El nombre con que el sensor se anuncia (impreso en la banda)' })
  @IsString()
  @MinLength(1)
  @MaxLength(80)
  sensorId: string;

  @ApiPropertyOptional({ description: 'El miembro que lleva el sensor (uno de userId o bookingId)' })
  @IsOptional()
  @IsString()
  @MaxLength(80)
  userId?: string;

  @ApiPropertyOptional({ description: 'La reserva de clase gratis de hoy del invitado que lleva el sensor' })
  @IsOptional()
  @IsUUID()
  bookingId?: string;

  @ApiPropertyOptional({ example: 28, description: 'Solo invitados: su edad, para estimar su FC máxima' })
  @IsOptional()
  @IsInt()
  @Min(GUEST_AGE_RANGE.min)
  @Max(GUEST_AGE_RANGE.max)
  guestAge?: number;

  @ApiPropertyOptional({ example: true, description: 'Solo invitados: aceptó en recepción el aviso de frecuencia cardiaca' })
  @IsOptional()
  @IsBoolean()
  guestAcceptedNotice?: boolean;
}

export class StudioReadingDto {
  @ApiProperty({ example: 'Polar H10 1A2B3C4D' })
  @IsString()
  @MinLength(1)
  @MaxLength(80)
  sensorId: string;

  @ApiProperty({ example: '2026-11-24T18:05:03.000Z', description: 'Cuándo el PC de la pantalla tomó la lectura' })
  @IsISO8601({ strict: true })
  at: string;

  @ApiProperty({ example: 148 })
  @IsInt()
  @Min(BPM_RANGE.min)
  @Max(BPM_RANGE.max)
  bpm: number;
}

export class RecordStudioReadingsDto {
  @ApiProperty({ description: 'Id (UUID) de la clase en curso' })
  @IsUUID()
  sessionId: string;

  @ApiProperty({ type: [StudioReadingDto], description: 'Lecturas de 1 Hz por sensor; reenviar un lote no cambia nada' })
  @IsArray()
  @ArrayMaxSize(MAX_READINGS_PER_BATCH)
  @ValidateNested({ each: true })
  @Type(() => StudioReadingDto)
  readings: StudioReadingDto[];
}

export class EndStudioClassDto {
  @ApiProperty({ description: 'Id (UUID) de la clase a terminar' })
  @IsUUID()
  sessionId: string;
}

export class StudioPeopleQueryDto {
  @ApiPropertyOptional({ example: 'carla', description: 'Nombre o correo' })
  @IsOptional()
  @IsString()
  @MaxLength(80)
  q?: string;
}

export class StudioBoardNameDto {
  @ApiProperty({ example: false, description: 'true: aparecer con el nombre y la inicial del apellido; false: solo iniciales' })
  @IsBoolean()
  showName: boolean;
}

export class StudioBoardNameResponseDto {
  @ApiProperty({ example: false })
  showName: boolean;
}

export class StudioTodayClassDto {
  @ApiProperty()
  slotId: string;
  @ApiProperty({ example: '18:00' })
  startTime: string;
  @ApiProperty({ example: '19:00' })
  endTime: string;
  @ApiProperty({ example: '6:00-7:00 pm' })
  label: string;
  @ApiProperty({ example: 'Box and Burn' })
  className: string;
  @ApiProperty({ example: 'Rosa' })
  coach: string;
  @ApiProperty({ description: 'Cancelada hoy: no se puede iniciar' })
  cancelled: boolean;
}

export class StudioTodayDto {
  @ApiProperty({ type: [StudioTodayClassDto], description: 'Las clases de hoy según el horario, por hora' })
  classes: StudioTodayClassDto[];
  @ApiProperty({ type: String, nullable: true, description: 'La clase en curso o por empezar (la opción por defecto de la consola)' })
  suggestedSlotId: string | null;
  @ApiProperty({ example: '2026-11-24' })
  date: string;
  @ApiProperty({ example: 'Upper Body and Abs' })
  className: string;
  @ApiProperty({ type: [String] })
  slots: string[];
  @ApiProperty({ example: '6:00-7:00 pm', description: 'El horario en curso o por empezar (la opción por defecto de la consola)' })
  suggestedSlot: string;
}

export class StudioClassSessionDto {
  @ApiProperty()
  id: string;
  @ApiProperty({ example: 'Upper Body and Abs' })
  className: string;
  @ApiProperty({ example: '6:00-7:00 pm' })
  slot: string;
  @ApiProperty({ type: String, nullable: true, description: 'La clase del horario; null si se inició solo con el horario' })
  slotId: string | null;
  @ApiProperty({ example: '2026-11-24' })
  classDate: string;
  @ApiProperty()
  startedAt: string;
  @ApiProperty({ type: String, nullable: true })
  endedAt: string | null;
}

export class BoardZoneDto {
  @ApiProperty({ example: 4 })
  zone: number;
  @ApiProperty({ example: 'Intensa' })
  name: string;
  @ApiProperty({ example: '#f97316' })
  color: string;
}

export class BoardParticipantDto {
  @ApiProperty()
  sensorId: string;
  @ApiProperty({ enum: ['member', 'guest'] })
  kind: 'member' | 'guest';
  @ApiProperty({ example: 'Carla M.', description: 'Lo que muestra la pantalla: nombre e inicial si el miembro lo eligió, si no iniciales' })
  label: string;
  @ApiProperty({ example: 'Carla Martínez', description: 'Solo para la consola' })
  fullName: string;
  @ApiProperty({ type: String, nullable: true })
  userId: string | null;
  @ApiProperty({ type: String, nullable: true })
  bookingId: string | null;
  @ApiProperty({ example: 187 })
  maxHr: number;
  @ApiProperty({ type: Number, nullable: true, description: 'La última lectura recibida' })
  bpm: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Cuándo se tomó la última lectura (reloj del PC de la pantalla)' })
  lastReadingAt: string | null;
  @ApiProperty({ type: Number, nullable: true })
  pctMax: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Zona 1 a 5 de la última lectura; null por debajo del 50 %' })
  zone: number | null;
  @ApiProperty({ description: 'Puntos Pulso de la clase hasta ahora' })
  points: number;
  @ApiProperty({ type: [Number], description: 'Segundos en las zonas 1 a 5' })
  secondsInZone: number[];
}

/** A strap whose readings reach the class while it is given to nobody (the board's "Asignar" notice). */
export class UnassignedSensorDto {
  @ApiProperty({ example: 'Polar H10 1A2B3C4D' })
  sensorId: string;
  @ApiProperty({ type: Number, nullable: true, example: 148, description: 'Su última lectura' })
  bpm: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Cuándo se tomó su última lectura (reloj del PC de la pantalla)' })
  lastReadingAt: string | null;
}

export class StudioClassResultDto {
  @ApiProperty()
  sensorId: string;
  @ApiProperty()
  fullName: string;
  @ApiProperty({ description: 'Si quedó registrada (miembro con consentimiento y con lecturas; invitado con lecturas)' })
  recorded: boolean;
  @ApiProperty()
  points: number;
}

export class StudioClassStateDto {
  @ApiProperty({ type: StudioTodayDto })
  today: StudioTodayDto;
  @ApiProperty({ type: StudioClassSessionDto, nullable: true, description: 'La clase en curso; al terminarla, la última de hoy' })
  session: StudioClassSessionDto | null;
  @ApiProperty({ type: [BoardParticipantDto] })
  participants: BoardParticipantDto[];
  @ApiProperty({
    type: [UnassignedSensorDto],
    description:
      'Sensores con lecturas en esta clase que no están asignados a nadie: la pantalla avisa para asignarlos (sus lecturas cuentan para quien lo reciba)',
  })
  unassignedSensors: UnassignedSensorDto[];
  @ApiProperty({ type: [BoardZoneDto] })
  zones: BoardZoneDto[];
  @ApiProperty({ example: '2026-11-24.class-1' })
  guestNoticeVersion: string;
  @ApiProperty()
  serverTime: string;
  @ApiPropertyOptional({ type: [StudioClassResultDto], description: 'Solo en la respuesta de terminar la clase' })
  results?: StudioClassResultDto[];
}

export class RecordStudioReadingsResponseDto {
  @ApiProperty({ description: 'Lecturas nuevas guardadas (las repetidas no cuentan)' })
  stored: number;
}

export class StudioMemberFoundDto {
  @ApiProperty()
  userId: string;
  @ApiProperty()
  fullName: string;
  @ApiProperty()
  email: string;
  @ApiProperty({ description: 'Si dio su consentimiento de frecuencia cardiaca' })
  consented: boolean;
}

export class StudioGuestDto {
  @ApiProperty()
  bookingId: string;
  @ApiProperty()
  fullName: string;
  @ApiProperty()
  email: string;
  @ApiProperty()
  slot: string;
}

export class StudioPeopleDto {
  @ApiProperty({ type: [StudioMemberFoundDto] })
  members: StudioMemberFoundDto[];
  @ApiProperty({ type: [StudioGuestDto], description: 'Las reservas de clase gratis de hoy' })
  guests: StudioGuestDto[];
}

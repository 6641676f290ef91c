import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import {
  RIGHTS_REQUEST_MESSAGES,
  RIGHTS_REQUEST_STATUSES,
  RIGHTS_REQUEST_TYPES,
  type RightsRequestStatus,
  type RightsRequestType,
} from '../rights-requests.rules';

export class ConsentDto {
  @ApiProperty({ example: 'health-data', description: 'Tipo de consentimiento del registro' })
  kind: string;

  @ApiProperty({ example: 'Datos de salud' })
  label: string;

  @ApiProperty({ example: 'Guardar tu estatura, peso y fecha de nacimiento para calcular tus zonas, calorías y tu plan.' })
  purpose: string;

  @ApiProperty({ description: 'Lo que deja de hacerse al retirarlo' })
  onWithdraw: string;

  @ApiProperty({ example: true, description: 'false para los términos: cerrar la cuenta es una solicitud de cancelación' })
  withdrawable: boolean;

  @ApiProperty({ example: true, description: 'Vigente ahora (un tipo de correo sin decisión está suscrito por defecto)' })
  granted: boolean;

  @ApiProperty({ example: true, description: 'Si el socio decidió alguna vez; false para quien se registró antes del registro de consentimientos' })
  recorded: boolean;

  @ApiProperty({ type: String, nullable: true, example: '2026-11-24', description: 'Versión del aviso aceptado; null si se retiró o nunca se dio' })
  noticeVersion: string | null;

  @ApiProperty({ type: String, nullable: true, example: '2026-11-24', description: 'Versión vigente del aviso; null para los correos' })
  currentNoticeVersion: string | null;

  @ApiProperty({ type: String, nullable: true, example: '2026-11-24T15:00:00.000Z', description: 'Cuándo decidió por última vez' })
  decidedAt: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['member', 'desk'],
    example: 'member',
    description:
      'Quién registró la última decisión: member, el socio; desk, recepción (el socio aceptó el aviso en la pantalla de recepción); null si nunca decidió',
  })
  recordedBy: 'member' | 'desk' | null;
}

export class ConsentsDto {
  @ApiProperty({ type: [ConsentDto], description: 'Cada consentimiento del registro, en orden fijo' })
  consents: ConsentDto[];
}

export class ConsentKindParamDto {
  @ApiProperty({ example: 'health-data' })
  @IsString()
  @MaxLength(60)
  @Matches(/^[a-z0-9-]+$/)
  consent: string;
}

export class UpdateConsentDto {
  @ApiProperty({ example: true, description: 'true para dar el consentimiento, false para retirarlo' })
  @IsBoolean()
  granted: boolean;

  @ApiProperty({ required: false, example: '2026-11-24', description: 'Versión del aviso leído; requerida al dar el consentimiento' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @Matches(/^[A-Za-z0-9._-]+$/)
  noticeVersion?: string;
}

export class RightsRequestDto {
  @ApiProperty({ example: '0d9e7a52-3c1b-4f7e-9d2a-6b8c4e1f0a37' })
  id: string;

  @ApiProperty({ enum: RIGHTS_REQUEST_TYPES, example: 'access' })
  right: RightsRequestType;

  @ApiProperty({ example: 'Acceso' })
  rightLabel: string;

  @ApiProperty({ type: String, nullable: true, example: 'Quiero corregir mi fecha de nacimiento.' })
  details: string | null;

  @ApiProperty({ enum: RIGHTS_REQUEST_STATUSES, example: 'received' })
  status: RightsRequestStatus;

  @ApiProperty({ example: 'Recibida' })
  statusLabel: string;

  @ApiProperty({ example: '2026-11-24', description: 'Día de recepción (America/El_Salvador)' })
  receivedOn: string;

  @ApiProperty({ example: '2026-12-22', description: 'Fecha límite: 20 días hábiles (40 si se prorrogó), sin fines de semana ni feriados' })
  dueOn: string;

  @ApiProperty({ example: false })
  extended: boolean;

  @ApiProperty({ example: '2026-11-24T15:00:00.000Z' })
  updatedAt: string;
}

export class RightsRequestsDto {
  @ApiProperty({ type: [RightsRequestDto], description: 'Lo más reciente primero' })
  requests: RightsRequestDto[];
}

export class StaffRightsRequestDto extends RightsRequestDto {
  @ApiProperty({ example: 'user_2abc' })
  userId: string;

  @ApiProperty({ example: 'carla@example.com' })
  memberEmail: string;

  @ApiProperty({ example: 'Carla Martínez' })
  memberName: string;

  @ApiProperty({ example: 12, description: 'Días hábiles que faltan para la fecha límite (negativo si venció)' })
  businessDaysLeft: number;
}

export class StaffRightsRequestsDto {
  @ApiProperty({ type: [StaffRightsRequestDto], description: 'Abiertas primero, por fecha límite; luego las cerradas, lo más reciente primero' })
  requests: StaffRightsRequestDto[];
}

export class FileRightsRequestDto {
  @ApiProperty({ enum: RIGHTS_REQUEST_TYPES, example: 'access' })
  @IsIn(RIGHTS_REQUEST_TYPES, { message: RIGHTS_REQUEST_MESSAGES.type })
  right: RightsRequestType;

  @ApiProperty({ required: false, example: 'Quiero corregir mi fecha de nacimiento.' })
  @IsOptional()
  @IsString()
  @MaxLength(1000, { message: RIGHTS_REQUEST_MESSAGES.details })
  details?: string;
}

export class UpdateRightsRequestStatusDto {
  @ApiProperty({ enum: RIGHTS_REQUEST_STATUSES, example: 'in-progress' })
  @IsIn(RIGHTS_REQUEST_STATUSES, { message: RIGHTS_REQUEST_MESSAGES.status })
  status: RightsRequestStatus;
}

export class RightsRequestIdParamDto {
  @ApiProperty({ example: '0d9e7a52-3c1b-4f7e-9d2a-6b8c4e1f0a37' })
  @IsUUID()
  requestId: string;
}

export class StaffFileRightsRequestDto extends FileRightsRequestDto {
  @ApiProperty({ example: 'user_2abc', description: 'El miembro que hizo la solicitud en recepción' })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,200}$/)
  userId: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { BILLING_MODES, MAX_REFERENCE_LENGTH, MEMBERSHIP_MESSAGES, MEMBERSHIP_PLAN_IDS, PAYMENT_METHODS } from '../memberships.rules';

const MEMBER_ID = /^[A-Za-z0-9_-]{1,200}$/;

/** The desk records a sale of a plan to the member whose page it is on. */
export class RecordMembershipSaleDto {
  @ApiProperty({ enum: MEMBERSHIP_PLAN_IDS, example: 'four-classes' })
  @IsIn(MEMBERSHIP_PLAN_IDS, { message: MEMBERSHIP_MESSAGES.unknownPlan })
  planId: string;

  @ApiPropertyOptional({ enum: ['one-time', 'recurring'], default: 'one-time', description: 'Pago único o renovación automática (precio con descuento)' })
  @IsOptional()
  @IsIn(BILLING_MODES, { message: MEMBERSHIP_MESSAGES.unknownBilling })
  billing?: 'one-time' | 'recurring';

  @ApiProperty({ enum: PAYMENT_METHODS, example: 'efectivo', description: '"cortesia" solo para la prueba de 7 días' })
  @IsIn(PAYMENT_METHODS, { message: MEMBERSHIP_MESSAGES.unknownPaymentMethod })
  paymentMethod: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'REC-00123',
    description: `Número de recibo, autorización o transferencia (hasta ${MAX_REFERENCE_LENGTH} caracteres)`,
  })
  @IsOptional()
  @IsString({ message: MEMBERSHIP_MESSAGES.referenceTooLong })
  @MaxLength(MAX_REFERENCE_LENGTH, { message: MEMBERSHIP_MESSAGES.referenceTooLong })
  reference?: string | null;

  @ApiPropertyOptional({ type: [String], description: 'Planes de pareja o familia: los ids de los otros miembros que comparten las clases' })
  @IsOptional()
  @IsArray({ message: 'Los miembros con quienes se comparte el plan deben ser una lista de identificadores.' })
  @ArrayMaxSize(3, { message: 'Un plan se comparte con 3 miembros como máximo.' })
  @Matches(MEMBER_ID, { each: true, message: 'Cada miembro con quien se comparte el plan debe ser el identificador de un miembro.' })
  sharedWith?: string[];
}

/** The desk confirms a plan the member bought online with the plan's payment link. */
export class ConfirmMembershipPurchaseDto {
  @ApiProperty({ enum: MEMBERSHIP_PLAN_IDS, example: 'athlete' })
  @IsIn(MEMBERSHIP_PLAN_IDS, { message: MEMBERSHIP_MESSAGES.unknownPlan })
  planId: string;

  @ApiProperty({ enum: ['one-time', 'recurring'], description: 'El enlace que usó: pago único o renovación automática' })
  @IsIn(BILLING_MODES, { message: MEMBERSHIP_MESSAGES.unknownBilling })
  billing: 'one-time' | 'recurring';

  @ApiProperty({ example: 'pi_3Q8x', description: 'La referencia del pago en el proveedor' })
  @IsString({ message: MEMBERSHIP_MESSAGES.referenceRequired })
  @MaxLength(MAX_REFERENCE_LENGTH, { message: MEMBERSHIP_MESSAGES.referenceTooLong })
  reference: string;

  @ApiPropertyOptional({ type: [String], description: 'Planes de pareja o familia: los ids de los otros miembros que comparten las clases' })
  @IsOptional()
  @IsArray({ message: 'Los miembros con quienes se comparte el plan deben ser una lista de identificadores.' })
  @ArrayMaxSize(3, { message: 'Un plan se comparte con 3 miembros como máximo.' })
  @Matches(MEMBER_ID, { each: true, message: 'Cada miembro con quien se comparte el plan debe ser el identificador de un miembro.' })
  sharedWith?: string[];
}

export class MembershipMemberParamDto {
  @IsString({ message: 'userId debe ser un texto.' })
  @Matches(MEMBER_ID, { message: 'userId debe ser el identificador de un miembro.' })
  userId!: string;
}

export class MembershipDto {
  @ApiProperty({ example: 'four-classes' })
  planId: string;

  @ApiProperty({ example: '4 Classes' })
  planTitle: string;

  @ApiProperty({ enum: ['active', 'frozen', 'expired'], description: 'Vigente, congelada o vencida' })
  status: 'active' | 'frozen' | 'expired';

  @ApiProperty({ example: false, description: 'Clases ilimitadas (Elite)' })
  unlimited: boolean;

  @ApiProperty({ type: Number, nullable: true, example: 3, description: 'Clases que quedan en el periodo; null si es ilimitada' })
  classesLeft: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 4, description: 'Clases del periodo; null si es ilimitada' })
  classesPerPeriod: number | null;

  @ApiProperty({ example: '2026-12-01', description: 'Primer día del periodo (hora de El Salvador)' })
  validFrom: string;

  @ApiProperty({ example: '2026-12-28', description: 'Último día de vigencia, incluido' })
  validUntil: string;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'Desde cuándo está congelada' })
  frozenFrom: string | null;

  @ApiProperty({ example: true, description: 'Si el miembro es el titular (false: la comparte un plan de pareja o familia)' })
  holder: boolean;

  @ApiProperty({ example: 1, description: 'Personas que comparten las clases' })
  people: number;
}

export class MyMembershipDto {
  @ApiProperty({ type: MembershipDto, nullable: true, description: 'null si nunca ha tenido membresía' })
  membership: MembershipDto | null;
}

export class StaffMembershipDto {
  @ApiProperty({ example: 'user_2abc' })
  userId: string;

  @ApiProperty({ type: MembershipDto, nullable: true })
  membership: MembershipDto | null;

  @ApiProperty({ type: [String], description: 'Si la titular comparte: los ids de los otros miembros' })
  sharedWith: string[];
}

export class ExpiringMembershipDto {
  @ApiProperty({ example: 'user_2abc' })
  userId: string;

  @ApiProperty({ type: String, nullable: true, example: 'Ana' })
  firstName: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'ana@example.com' })
  email: string | null;

  @ApiProperty({ type: MembershipDto })
  membership: MembershipDto;
}

export class ExpiringMembershipsDto {
  @ApiProperty({ example: '2026-12-02', description: 'Desde hoy' })
  from: string;

  @ApiProperty({ example: '2026-12-08', description: 'Hasta dentro de 6 días, incluido' })
  to: string;

  @ApiProperty({ type: [ExpiringMembershipDto] })
  memberships: ExpiringMembershipDto[];
}

export class MembershipPlanDto {
  @ApiProperty({ example: 'athlete' })
  id: string;

  @ApiProperty({ example: 'Athlete' })
  title: string;

  @ApiProperty({ type: Number, nullable: true, example: 12, description: 'Clases por persona y periodo; null si es ilimitado' })
  classesPerPerson: number | null;

  @ApiProperty({ example: 1 })
  people: number;

  @ApiProperty({ example: 'Un mes', description: 'Vigencia de cada periodo' })
  validity: string;

  @ApiProperty({ example: 96 })
  oneTimePriceUsd: number;

  @ApiProperty({ type: Number, nullable: true, example: 86 })
  recurringPriceUsd: number | null;
}

export class MembershipPlansDto {
  @ApiProperty({ type: [MembershipPlanDto] })
  plans: MembershipPlanDto[];
}

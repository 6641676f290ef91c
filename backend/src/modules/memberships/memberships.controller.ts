import { Body, Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { Roles } from '../../infrastructure/auth/roles.decorator';
import { ApiIdempotencyKeyReused, ApiMemberError, IDEMPOTENCY_HEADER, UNAUTHORIZED_MESSAGE } from '../../infrastructure/http/api-docs';
import {
  ConfirmMembershipPurchaseDto,
  ExpiringMembershipsDto,
  MembershipMemberParamDto,
  MembershipPlansDto,
  MyMembershipDto,
  RecordMembershipSaleDto,
  StaffMembershipDto,
} from './dto/memberships.dto';
import { SetMembershipFrozen } from './freeze-membership.command';
import { GetExpiringMemberships } from './get-expiring-memberships.query';
import { GetMembership } from './get-membership.query';
import { MEMBERSHIP_MESSAGES, MEMBERSHIP_PLAN_IDS, MEMBERSHIP_PLANS } from './memberships.rules';
import { RecordMembershipPurchase } from './record-membership-purchase.command';

/** The member's own membership: plan, classes left and last day (dashboard and Mi Perfil). */
@ApiTags('memberships')
@ApiBearerAuth()
@Controller('memberships')
export class MembershipsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('me')
  @ApiOperation({ summary: 'Mi membresía: plan, clases que quedan (o ilimitadas), vigencia y si está congelada' })
  @ApiOkResponse({ type: MyMembershipDto })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  async getMyMembership(@CurrentUser() user: AuthUser): Promise<MyMembershipDto> {
    const { membership } = await this.queryBus.execute(new GetMembership(user.userId, new Date()));
    return { membership };
  }
}

/** The front desk: plans, a member's membership, sales, payment-link purchases, freezes and who expires this week (ADR 0350). */
@ApiTags('staff')
@ApiBearerAuth()
@Roles('staff')
@Controller('staff')
export class StaffMembershipsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('memberships/plans')
  @ApiOperation({ summary: 'Los planes que se venden: clases, personas, vigencia y precios' })
  @ApiOkResponse({ type: MembershipPlansDto })
  getMembershipPlans(): MembershipPlansDto {
    return {
      plans: MEMBERSHIP_PLAN_IDS.map((id) => {
        const plan = MEMBERSHIP_PLANS[id];
        const validity = 'months' in plan.validity ? 'Un mes' : plan.validity.days === 28 ? '4 semanas' : `${plan.validity.days} días`;
        return {
          id,
          title: plan.title,
          classesPerPerson: plan.classesPerPerson,
          people: plan.people,
          validity,
          oneTimePriceUsd: plan.oneTimePriceUsd,
          recurringPriceUsd: plan.recurringPriceUsd,
        };
      }),
    };
  }

  @Get('memberships/expiring')
  @ApiOperation({ summary: 'Vencen esta semana: membresías vigentes cuyo último día es hoy o en los próximos 6 días' })
  @ApiOkResponse({ type: ExpiringMembershipsDto })
  getExpiringMemberships(): Promise<ExpiringMembershipsDto> {
    return this.queryBus.execute(new GetExpiringMemberships(new Date()));
  }

  @Get('members/:userId/membership')
  @ApiOperation({ summary: 'La membresía de un miembro (la suya o la que comparte)' })
  @ApiParam({ name: 'userId', description: 'Id del miembro' })
  @ApiOkResponse({ type: StaffMembershipDto })
  async getStaffMembership(@Param() params: MembershipMemberParamDto): Promise<StaffMembershipDto> {
    const { membership, sharedWith } = await this.queryBus.execute(new GetMembership(params.userId, new Date()));
    return { userId: params.userId, membership, sharedWith };
  }

  @Post('members/:userId/membership/sales')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Registra la venta de un plan en recepción (método de pago y referencia); el miembro recibe su recibo por correo',
    description: 'Si vuelve a comprar el plan vigente, se renueva: la vigencia sigue desde su último día y se suman las clases.',
  })
  @ApiParam({ name: 'userId', description: 'Id del miembro titular' })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOkResponse({ type: StaffMembershipDto })
  @ApiMemberError(400, 'Datos de la venta inválidos', MEMBERSHIP_MESSAGES.referenceRequired, 'invalid', { field: 'reference' })
  @ApiMemberError(404, 'Miembro desconocido', MEMBERSHIP_MESSAGES.memberNotFound, 'not-found', { field: 'userId' })
  @ApiMemberError(409, 'Otra membresía vigente', MEMBERSHIP_MESSAGES.otherPlanActive('Athlete', '2026-12-31'), 'conflict', { field: 'planId' })
  @ApiIdempotencyKeyReused()
  recordMembershipSale(
    @CurrentUser() staff: AuthUser,
    @Param() params: MembershipMemberParamDto,
    @Body() body: RecordMembershipSaleDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<StaffMembershipDto> {
    return this.commandBus.execute(new RecordMembershipPurchase(staff, params.userId, 'desk', body, idempotencyKey));
  }

  @Post('members/:userId/membership/purchase-confirmations')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirma un plan que el miembro compró con el enlace de pago; el miembro recibe su recibo por correo' })
  @ApiParam({ name: 'userId', description: 'Id del miembro titular' })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOkResponse({ type: StaffMembershipDto })
  @ApiMemberError(400, 'Datos de la compra inválidos', MEMBERSHIP_MESSAGES.referenceRequired, 'invalid', { field: 'reference' })
  @ApiMemberError(404, 'Miembro desconocido', MEMBERSHIP_MESSAGES.memberNotFound, 'not-found', { field: 'userId' })
  @ApiMemberError(409, 'Otra membresía vigente', MEMBERSHIP_MESSAGES.otherPlanActive('Athlete', '2026-12-31'), 'conflict', { field: 'planId' })
  @ApiIdempotencyKeyReused()
  confirmMembershipPurchase(
    @CurrentUser() staff: AuthUser,
    @Param() params: MembershipMemberParamDto,
    @Body() body: ConfirmMembershipPurchaseDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<StaffMembershipDto> {
    return this.commandBus.execute(new RecordMembershipPurchase(staff, params.userId, 'payment-link', body, idempotencyKey));
  }

  @Post('members/:userId/membership/freeze')
  @HttpCode(200)
  @ApiOperation({ summary: 'Congela la membresía: no se usan clases y la vigencia deja de correr' })
  @ApiParam({ name: 'userId', description: 'Id del miembro titular' })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOkResponse({ type: StaffMembershipDto })
  @ApiMemberError(404, 'Sin membresía vigente', MEMBERSHIP_MESSAGES.noMembership, 'not-found')
  @ApiMemberError(409, 'Ya congelada', MEMBERSHIP_MESSAGES.alreadyFrozen, 'conflict')
  @ApiIdempotencyKeyReused()
  freezeMembership(
    @CurrentUser() staff: AuthUser,
    @Param() params: MembershipMemberParamDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<StaffMembershipDto> {
    return this.commandBus.execute(new SetMembershipFrozen(staff, params.userId, true, idempotencyKey));
  }

  @Post('members/:userId/membership/unfreeze')
  @HttpCode(200)
  @ApiOperation({ summary: 'Descongela la membresía: los días congelada se suman a su vigencia' })
  @ApiParam({ name: 'userId', description: 'Id del miembro titular' })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOkResponse({ type: StaffMembershipDto })
  @ApiMemberError(404, 'Sin membresía vigente', MEMBERSHIP_MESSAGES.noMembership, 'not-found')
  @ApiMemberError(409, 'No está congelada', MEMBERSHIP_MESSAGES.notFrozen, 'conflict')
  @ApiIdempotencyKeyReused()
  unfreezeMembership(
    @CurrentUser() staff: AuthUser,
    @Param() params: MembershipMemberParamDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<StaffMembershipDto> {
    return this.commandBus.execute(new SetMembershipFrozen(staff, params.userId, false, idempotencyKey));
  }
}

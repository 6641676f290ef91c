import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { Roles } from '../../infrastructure/auth/roles.decorator';
import { EraseMemberDataDto, ErasureResultDto } from '../members/dto/erasure.dto';
import { EraseMemberData } from '../members/erase-member-data.command';
import { MemberIdParamDto } from '../members/dto/member-id-param.dto';
import { MembersPageDto, MembersQueryDto, TimelinePageDto, TimelineQueryDto } from './dto/staff.dto';
import { MembersOverview } from './members-overview';
import { MemberTimeline } from './member-timeline';

/** Staff: members with their figures, the inactive ones, and one member's timeline (ADR 0082). */
@ApiTags('staff')
@ApiBearerAuth()
@Roles('staff')
@Controller('staff/members')
export class StaffMembersController {
  constructor(
    private readonly members: MembersOverview,
    private readonly timeline: MemberTimeline,
    private readonly commandBus: CommandBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Miembros con última actividad, planes activos, racha y entrenamientos; inactiveDays filtra a quienes no entrenan' })
  @ApiOkResponse({ type: MembersPageDto })
  async listStaffMembers(@Query() query: MembersQueryDto): Promise<MembersPageDto> {
    return this.members.list({ q: query.q?.trim() || undefined, inactiveDays: query.inactiveDays, limit: query.limit ?? 50, offset: query.offset ?? 0 });
  }

  @Get(':userId/timeline')
  @ApiOperation({ summary: 'Historial de un miembro, lo más reciente primero' })
  @ApiParam({ name: 'userId', description: 'Id del miembro' })
  @ApiOkResponse({ type: TimelinePageDto })
  async getStaffMemberTimeline(@Param() params: MemberIdParamDto, @Query() query: TimelineQueryDto): Promise<TimelinePageDto> {
    return this.timeline.page(params.userId, query.before !== undefined ? BigInt(query.before) : undefined, query.limit ?? 100);
  }

  @Post(':userId/erasure')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Borra los datos personales de un miembro (borrado criptográfico): destruye su clave y purga sus filas; queda registrado quién, cuándo y por qué solicitud',
  })
  @ApiParam({ name: 'userId', description: 'Id del miembro' })
  @ApiOkResponse({ type: ErasureResultDto })
  async eraseStaffMemberData(@Param() params: MemberIdParamDto, @Body() body: EraseMemberDataDto, @CurrentUser() staff: AuthUser): Promise<ErasureResultDto> {
    return this.commandBus.execute(new EraseMemberData(staff, params.userId, body.requestId));
  }
}

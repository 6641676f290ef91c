import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../infrastructure/auth/roles.decorator';
import { MemberIdParamDto, MembersPageDto, MembersQueryDto, TimelinePageDto, TimelineQueryDto } from './dto/staff.dto';
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
}

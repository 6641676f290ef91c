import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { Roles } from '../../infrastructure/auth/roles.decorator';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { DomainError } from '../../shared/domain-error';
import { ProjectionNameParamDto, ProjectionsOverviewDto, RebuildStartedDto } from './dto/staff.dto';
import { StaffAudit } from './staff-audit';
import { staffStreamName } from './staff-events';

/** Staff: projection state, lag, rebuilds with live progress and their history (ADR 0085). */
@ApiTags('staff')
@ApiBearerAuth()
@Roles('staff')
@Controller('staff/projections')
export class StaffProjectionsController {
  constructor(
    private readonly engine: ProjectionEngine,
    private readonly audit: StaffAudit,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Estado de cada proyección (checkpoint, retraso, reconstrucción en curso) e historial de reconstrucciones' })
  @ApiOkResponse({ type: ProjectionsOverviewDto })
  async getStaffProjections(): Promise<ProjectionsOverviewDto> {
    const [overview, history] = await Promise.all([this.engine.overview(), this.engine.rebuildHistory(50)]);
    return {
      projections: overview.map((entry) => ({
        ...entry,
        error: entry.error ? { ...entry.error } : undefined,
        phase: entry.rebuild ? 'rebuilding' : entry.state === 'failed' || entry.error ? 'error' : 'running',
      })),
      history,
    };
  }

  @Post('rebuild-all')
  @HttpCode(202)
  @ApiOperation({ summary: 'Reconstruye todas las proyecciones desde los eventos; las actuales siguen sirviendo hasta el cambio' })
  @ApiAcceptedResponse({ type: RebuildStartedDto })
  async rebuildAllStaffProjections(@CurrentUser() staff: AuthUser): Promise<RebuildStartedDto> {
    const generations = await this.engine.rebuildAll({ requestedBy: staff.userId });
    await this.audit.record(staffStreamName(staff.userId), staff, {
      type: 'ProjectionRebuildRequested',
      data: { projection: 'all', generations, occurredAt: new Date().toISOString() },
    });
    return { generations };
  }

  @Post(':name/rebuild')
  @HttpCode(202)
  @ApiOperation({ summary: 'Reconstruye una proyección desde los eventos' })
  @ApiParam({ name: 'name', description: 'Nombre de la proyección' })
  @ApiAcceptedResponse({ type: RebuildStartedDto })
  async rebuildStaffProjection(@Param() params: ProjectionNameParamDto, @CurrentUser() staff: AuthUser): Promise<RebuildStartedDto> {
    if (!this.engine.registered().some((projection) => projection.name === params.name)) {
      throw new DomainError('not-found', `No existe la proyección «${params.name}».`);
    }
    const [generation] = await this.engine.rebuild(params.name, { requestedBy: staff.userId });
    const generations = [{ name: params.name, generation }];
    await this.audit.record(staffStreamName(staff.userId), staff, {
      type: 'ProjectionRebuildRequested',
      data: { projection: params.name, generations, occurredAt: new Date().toISOString() },
    });
    return { generations };
  }
}

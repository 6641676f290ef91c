import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { Roles } from '../../infrastructure/auth/roles.decorator';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { DomainError } from '../../shared/domain-error';
import { MEMBER_EVENT_TYPES } from '../members/member.events';
import { ActivityLog, type LogEntry, type LogFilters } from './activity-log';
import { streamCsv } from './csv';
import { ActivityFiltersDto, ActivityPageDto, ActivityQueryDto, EventIdParamDto, EventTypesDto, LogEntryDto } from './dto/staff.dto';
import { StaffAudit } from './staff-audit';
import { StaffSearchTerms } from './staff-search-terms';
import { STAFF_EVENT_TYPES, staffStreamName } from './staff-events';

/** Staff: the global activity log, an event's detail and the CSV export (ADR 0087). */
@ApiTags('staff')
@ApiBearerAuth()
@Roles('staff')
@Controller('staff')
export class StaffActivityController {
  constructor(
    private readonly log: ActivityLog,
    private readonly audit: StaffAudit,
    private readonly projections: ProjectionEngine,
    private readonly searchTerms: StaffSearchTerms,
  ) {}

  @Get('events')
  @ApiOperation({ summary: 'Registro de actividad, lo más reciente primero, paginado por cursor' })
  @ApiOkResponse({ type: ActivityPageDto })
  async listStaffEvents(@Query() query: ActivityQueryDto): Promise<ActivityPageDto> {
    return this.log.page(filtersOf(query), query.before, query.limit ?? 50);
  }

  @Get('events/export.csv')
  @ApiOperation({ summary: 'Exporta en CSV la vista filtrada del registro (se envía por partes, nunca entera en memoria)' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV en UTF-8 con BOM' })
  async exportStaffEvents(@Query() query: ActivityFiltersDto, @CurrentUser() staff: AuthUser, @Res() response: Response): Promise<void> {
    const filters = filtersOf(query);
    await this.audit.record(staffStreamName(staff.userId), staff, {
      type: 'StaffExportDownloaded',
      data: { export: 'activity-log', filters: await this.searchTerms.recorded('activity-log', { ...query }), occurredAt: new Date().toISOString() },
    });
    const stamp = new Date().toISOString().slice(0, 10);
    await streamCsv<LogEntry>(
      response,
      `actividad-${stamp}.csv`,
      [
        'posicion',
        'ocurrido',
        'tipo',
        'stream',
        'revision',
        'miembro',
        'correo',
        'actor',
        'rol_actor',
        'correlacion',
        'causa',
        'version',
        'id_evento',
        'datos',
      ],
      this.log.all(filters),
      (entry) => [
        entry.position,
        entry.occurredAt,
        entry.type,
        entry.streamId,
        entry.revision,
        entry.member?.name ?? '',
        entry.member?.email ?? '',
        entry.actor?.userId ?? '',
        entry.actor?.role ?? '',
        entry.correlationId,
        entry.causationId,
        entry.schemaVersion,
        entry.eventId,
        entry.data,
      ],
    );
  }

  @Get('event-types')
  @ApiOperation({ summary: 'Tipos de evento conocidos, para el filtro' })
  @ApiOkResponse({ type: EventTypesDto })
  listStaffEventTypes(): EventTypesDto {
    const types = new Set<string>([...MEMBER_EVENT_TYPES, ...STAFF_EVENT_TYPES]);
    for (const projection of this.projections.registered()) for (const type of projection.eventTypes) types.add(type);
    return { types: [...types].sort() };
  }

  @Get('events/:eventId')
  @ApiOperation({ summary: 'Detalle de un evento: datos y metadatos' })
  @ApiParam({ name: 'eventId', description: 'Id (UUID) del evento' })
  @ApiOkResponse({ type: LogEntryDto })
  async getStaffEvent(@Param() params: EventIdParamDto): Promise<LogEntryDto> {
    return this.log.event(params.eventId);
  }
}

function filtersOf(query: ActivityFiltersDto): LogFilters {
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to ? new Date(query.to) : undefined;
  if (from && to && from >= to) throw new DomainError('invalid', 'from debe ser anterior a to.');
  return {
    member: query.member || undefined,
    stream: query.stream || undefined,
    types: query.type ? query.type.split(',') : undefined,
    from,
    to,
    q: query.q?.trim() || undefined,
  };
}

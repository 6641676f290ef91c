import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { Roles } from '../../infrastructure/auth/roles.decorator';
import { DomainError } from '../../shared/domain-error';
import { formatPhone } from '../../shared/phone-format';
import { streamCsv } from './csv';
import { BookingFollowUpDto, BookingIdParamDto, BookingsListDto, BookingsQueryDto, RecordOutcomeDto } from './dto/staff.dto';
import { FreeClassFollowUp, type BookingFilters, type BookingFollowUp } from './free-class-follow-up';
import { StaffAudit } from './staff-audit';
import { StaffSearchTerms } from './staff-search-terms';
import { staffStreamName } from './staff-events';

const OUTCOME_LABELS: Record<string, string> = { attended: 'Asistió', 'no-show': 'No asistió', converted: 'Se hizo miembro' };

/** Staff: free-class bookings by date and slot, their outcomes and the CSV (ADR 0084). */
@ApiTags('staff')
@ApiBearerAuth()
@Roles('staff')
@Controller('staff/free-class-bookings')
export class StaffBookingsController {
  constructor(
    private readonly bookings: FreeClassFollowUp,
    private readonly audit: StaffAudit,
    private readonly searchTerms: StaffSearchTerms,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Reservas de clase gratis por fecha y horario, con contacto y resultado' })
  @ApiOkResponse({ type: BookingsListDto })
  async listStaffFreeClassBookings(@Query() query: BookingsQueryDto): Promise<BookingsListDto> {
    return { items: await this.bookings.list(filtersOf(query), undefined, 1000) };
  }

  @Get('export.csv')
  @ApiOperation({ summary: 'Exporta en CSV las reservas filtradas' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV en UTF-8 con BOM' })
  async exportStaffFreeClassBookings(@Query() query: BookingsQueryDto, @CurrentUser() staff: AuthUser, @Res() response: Response): Promise<void> {
    const filters = filtersOf(query);
    await this.audit.record(staffStreamName(staff.userId), staff, {
      type: 'StaffExportDownloaded',
      data: {
        export: 'free-class-bookings',
        filters: await this.searchTerms.recorded('free-class-bookings', { ...query }),
        occurredAt: new Date().toISOString(),
      },
    });
    await streamCsv<BookingFollowUp>(
      response,
      `clases-gratis-${new Date().toISOString().slice(0, 10)}.csv`,
      ['fecha', 'horario', 'clase', 'nombre', 'apellido', 'dui', 'correo', 'celular', 'reservado', 'resultado', 'marcado', 'marcado_por'],
      this.bookings.all(filters),
      (b) => [
        b.classDate,
        b.slot,
        b.className,
        b.name,
        b.lastname,
        b.dui,
        b.email,
        formatPhone(b.cellphone),
        b.bookedAt,
        b.outcome ? OUTCOME_LABELS[b.outcome] : '',
        b.outcomeAt,
        b.outcomeBy,
      ],
    );
  }

  @Post(':id/outcome')
  @HttpCode(200)
  @ApiParam({ name: 'id', description: 'Id (UUID) de la reserva' })
  @ApiOperation({ summary: 'Marca asistió / no asistió / se hizo miembro (queda como evento con quién lo marcó)' })
  @ApiOkResponse({ type: BookingFollowUpDto })
  async recordStaffFreeClassOutcome(
    @Param() params: BookingIdParamDto,
    @Body() body: RecordOutcomeDto,
    @CurrentUser() staff: AuthUser,
  ): Promise<BookingFollowUpDto> {
    return this.bookings.record(params.id, body.outcome, staff);
  }
}

function filtersOf(query: BookingsQueryDto): BookingFilters {
  if (query.from && query.to && query.from > query.to) throw new DomainError('invalid', 'from no puede ser posterior a to.');
  return { from: query.from, to: query.to, slot: query.slot };
}

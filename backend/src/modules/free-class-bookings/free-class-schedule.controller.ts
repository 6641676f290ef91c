import { Controller, Get, Header } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../../infrastructure/http/public.decorator';
import { FreeClassScheduleDto } from './dto/free-class-schedule.dto';
import { GetFreeClassScheduleQuery } from './get-free-class-schedule.query';

/** What the public booking form offers, so the SPA keeps no copy of the calendar. */
@ApiTags('free-class-bookings')
@Public()
@Controller('free-class')
export class FreeClassScheduleController {
  constructor(private readonly queries: QueryBus) {}

  @Get('schedule')
  // Today's slots close as the day goes on: a cached answer would offer one that already began.
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: FreeClassScheduleDto, description: 'Días y horarios reservables ahora, con la clase de cada día' })
  getFreeClassSchedule(): Promise<FreeClassScheduleDto> {
    return this.queries.execute(new GetFreeClassScheduleQuery(new Date()));
  }
}

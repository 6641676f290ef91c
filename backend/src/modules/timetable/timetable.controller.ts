import { Controller, Get, Header } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../../infrastructure/http/public.decorator';
import { PublicTimetableDto } from './dto/timetable.dto';
import { GetPublicTimetable } from './get-public-timetable.query';

/** The public page /horarios reads this: the timetable is the same for everyone. */
@ApiTags('timetable')
@Public()
@Controller('timetable')
export class TimetableController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  // Free spots change as members book and staff change a class: always asked again.
  @Header('Cache-Control', 'no-cache')
  @ApiOkResponse({ type: PublicTimetableDto, description: 'Las clases de esta semana y la próxima, con su cupo y lugares libres' })
  getPublicTimetable(): Promise<PublicTimetableDto> {
    return this.queries.execute(new GetPublicTimetable(new Date()));
  }
}

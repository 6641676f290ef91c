import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { LocalDate } from '../../shared/studio-day';
import { TimetableStore } from './timetable.store';
import { weekClasses, type TimetableWeek } from './timetable.rules';

/** The classes of the weeks that start on `mondays`, as the timetable holds them today (capacities, changes, closed days); seats not counted. */
export class GetTimetableWeeks extends Query<TimetableWeek[]> {
  constructor(readonly mondays: readonly LocalDate[]) {
    super();
  }
}

@QueryHandler(GetTimetableWeeks)
export class GetTimetableWeeksHandler implements IQueryHandler<GetTimetableWeeks, TimetableWeek[]> {
  constructor(private readonly store: TimetableStore) {}

  async execute({ mondays }: GetTimetableWeeks): Promise<TimetableWeek[]> {
    const timetable = await this.store.load();
    return mondays.map((monday) => weekClasses(timetable, monday));
  }
}

import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { addDays, localDateOf } from '../../shared/studio-day';
import { MembershipsReadModel } from '../memberships/memberships.read-model';
import { GetTimetableWeeks } from '../timetable/get-timetable-weeks.query';
import { ClassReportReadModel } from './class-report.read-model';
import { classesLeftBuckets, classReport, expiringByWeek, expiringUntil, reportWeeks, type ReportClass } from './class-report.rules';
import type { ClassReportDto, ClassReportQueryDto } from './dto/class-report.dto';

export class GetClassReport extends Query<ClassReportDto> {
  constructor(
    readonly range: ClassReportQueryDto,
    readonly now: Date,
  ) {
    super();
  }
}

/** The owner's view: occupancy, attendance, no-shows and waitlists per week and class, and the memberships' outlook. */
@QueryHandler(GetClassReport)
export class GetClassReportHandler implements IQueryHandler<GetClassReport, ClassReportDto> {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly bookings: ClassReportReadModel,
    private readonly memberships: MembershipsReadModel,
  ) {}

  async execute({ range, now }: GetClassReport): Promise<ClassReportDto> {
    const today = localDateOf(now);
    const mondays = reportWeeks(range, today);
    const last = addDays(mondays[mondays.length - 1]!, 6);
    const [weeks, counts, classesLeft, lastDays] = await Promise.all([
      this.queryBus.execute(new GetTimetableWeeks(mondays)),
      this.bookings.bookingCounts(mondays[0]!, last),
      this.memberships.countsByClassesLeft(today),
      this.memberships.countsByLastDay(today, expiringUntil(today)),
    ]);
    const classes: ReportClass[] = weeks.flatMap((week) =>
      week.days.flatMap((day) =>
        day.classes.filter((scheduled) => !scheduled.cancelled).map(({ slotId, date, className, capacity }) => ({ slotId, date, className, capacity })),
      ),
    );
    return {
      ...classReport(mondays, classes, counts),
      memberships: { today, classesLeft: classesLeftBuckets(classesLeft), expiring: expiringByWeek(today, lastDays) },
    };
  }
}

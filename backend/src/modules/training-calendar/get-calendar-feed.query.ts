import { Inject } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DomainError } from '../../shared/domain-error';
import { addDays, localDateOf } from '../../shared/studio-day';
import { GetBookedClasses } from '../class-bookings/get-booked-classes.query';
import { CalendarLayoutReader } from './calendar-layout';
import { calendarFeed, FEED_DAYS_AFTER, FEED_DAYS_BEFORE } from './calendar-feed';
import { TrainingCalendarReadModel } from './training-calendar.read-model';
import { TRAINING_CALENDAR_MESSAGES } from './training-calendar.rules';

export class GetCalendarFeed extends Query<string> {
  /** `file` is the last path segment, `<token>.ics`. */
  constructor(readonly file: string) {
    super();
  }
}

/** The iCal text behind a secret URL: only that member's calendar; an unknown or revoked token is a 404. */
@QueryHandler(GetCalendarFeed)
export class GetCalendarFeedHandler implements IQueryHandler<GetCalendarFeed, string> {
  constructor(
    private readonly calendars: TrainingCalendarReadModel,
    private readonly layouts: CalendarLayoutReader,
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ file }: GetCalendarFeed): Promise<string> {
    const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
    const userId = token ? await this.calendars.memberOfFeedToken(token) : undefined;
    if (!userId) throw new DomainError('not-found', TRAINING_CALENDAR_MESSAGES.feedNotFound);
    const now = new Date();
    const today = localDateOf(now);
    const range = { start: addDays(today, -FEED_DAYS_BEFORE), end: addDays(today, FEED_DAYS_AFTER) };
    // The member's booked studio classes appear with their workouts.
    const [layout, classes] = await Promise.all([
      this.layouts.layout(userId, range, now),
      this.queryBus.execute(new GetBookedClasses(userId, range.start, range.end)),
    ]);
    return calendarFeed(userId, layout, { publicUrl: this.config.publicUrl.replace(/\/$/, ''), now, classes, address: this.config.studio.address });
  }
}

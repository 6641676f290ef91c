import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import type { CalendarFeedDto } from './dto/training-calendar.dto';
import { TrainingCalendarReadModel } from './training-calendar.read-model';

export class GetCalendarFeedUrl extends Query<CalendarFeedDto> {
  constructor(readonly user: AuthUser) {
    super();
  }
}

/** The member's secret iCal URL; the token is made the first time they ask for it. */
@QueryHandler(GetCalendarFeedUrl)
export class GetCalendarFeedUrlHandler implements IQueryHandler<GetCalendarFeedUrl, CalendarFeedDto> {
  constructor(
    private readonly calendars: TrainingCalendarReadModel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ user }: GetCalendarFeedUrl): Promise<CalendarFeedDto> {
    return feedUrls(this.config.publicUrl, await this.calendars.feedTokenFor(user.userId));
  }
}

export function feedUrls(publicUrl: string, token: string): CalendarFeedDto {
  const url = `${publicUrl.replace(/\/$/, '')}/api/calendar/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:\/\//, 'webcal://') };
}

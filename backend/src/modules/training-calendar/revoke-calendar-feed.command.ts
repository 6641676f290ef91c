import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import type { CalendarFeedDto } from './dto/training-calendar.dto';
import { feedUrls } from './get-calendar-feed-url.query';
import { TrainingCalendarReadModel } from './training-calendar.read-model';

export class RevokeCalendarFeed extends Command<CalendarFeedDto> {
  constructor(readonly user: AuthUser) {
    super();
  }
}

/** Revokes the member's iCal URL (the old one answers 404 from now on) and answers the new one. */
@CommandHandler(RevokeCalendarFeed)
export class RevokeCalendarFeedHandler implements ICommandHandler<RevokeCalendarFeed, CalendarFeedDto> {
  constructor(
    private readonly calendars: TrainingCalendarReadModel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ user }: RevokeCalendarFeed): Promise<CalendarFeedDto> {
    return feedUrls(this.config.publicUrl, await this.calendars.renewFeedToken(user.userId));
  }
}

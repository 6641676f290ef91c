import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { CatalogModule } from '../catalog/catalog.module';
import { EmailPreferencesModule } from '../email-preferences/email-preferences.module';
import { MembersModule } from '../members/members.module';
import { ProgressModule } from '../progress/progress.module';
import { CalendarLayoutReader } from './calendar-layout';
import { GetCalendarFeedUrlHandler } from './get-calendar-feed-url.query';
import { GetCalendarFeedHandler } from './get-calendar-feed.query';
import { GetTrainingCalendarHandler } from './get-training-calendar.query';
import { RevokeCalendarFeedHandler } from './revoke-calendar-feed.command';
import { SaveTrainingScheduleHandler } from './save-training-schedule.command';
import { CalendarFeedController, TrainingCalendarController } from './training-calendar.controller';
import { TrainingCalendarReadModel } from './training-calendar.read-model';
import { trainingScheduleProjection } from './training-schedule.projection';
import { ReminderClock, WorkoutReminderScheduler } from './workout-reminder.scheduler';

/** The workout calendar: the schedule on the member stream, the layout rule, the iCal feed and the reminders. */
@Module({
  imports: [MembersModule, ProgressModule, CatalogModule, EmailPreferencesModule],
  controllers: [TrainingCalendarController, CalendarFeedController],
  providers: [
    TrainingCalendarReadModel,
    CalendarLayoutReader,
    GetTrainingCalendarHandler,
    SaveTrainingScheduleHandler,
    GetCalendarFeedUrlHandler,
    RevokeCalendarFeedHandler,
    GetCalendarFeedHandler,
    ReminderClock,
    WorkoutReminderScheduler,
  ],
})
export class TrainingCalendarModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionEngine,
    private readonly calendars: TrainingCalendarReadModel,
  ) {}

  async onModuleInit(): Promise<void> {
    this.projections.register(trainingScheduleProjection);
    // Feed tokens a migrated database holds in clear are sealed before the first request (ADR 0287).
    await this.calendars.sealClearTokens();
  }
}

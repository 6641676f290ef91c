import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DestinationStream } from 'pino';
import { MembersModule } from './modules/members/members.module';
import { ProgressModule } from './modules/progress/progress.module';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { AuthModule } from './infrastructure/auth/auth.module';
import { DatabaseModule } from './infrastructure/database/database.module';
import { migrations } from './migrations';
import { LOG_REDACT_PATHS, requestForLog, responseForLog } from './infrastructure/http/log-redaction';
import { requestIdFor } from './infrastructure/http/request-id';
import { EventStoreModule } from './infrastructure/event-store/event-store.module';
import { MailModule } from './infrastructure/mail/mail.module';
import { ProjectionsModule } from './infrastructure/projections/projections.module';
import { RateLimitsModule } from './infrastructure/rate-limits/rate-limits.module';
import { CatalogModule } from './modules/catalog/catalog.module';
import { ChallengesModule } from './modules/challenges/challenges.module';
import { ClassReportModule } from './modules/class-report/class-report.module';
import { EmailPreferencesModule } from './modules/email-preferences/email-preferences.module';
import { FreeClassBookingsModule } from './modules/free-class-bookings/free-class-bookings.module';
import { HealthModule } from './modules/health/health.module';
import { HeartRateModule } from './modules/heart-rate/heart-rate.module';
import { IntervalTimerModule } from './modules/interval-timer/interval-timer.module';
import { IdentityModule } from './modules/identity/identity.module';
import { PrivacyModule } from './modules/privacy/privacy.module';
import { RuntimeConfigModule } from './modules/runtime-config/runtime-config.module';
import { StaffModule } from './modules/staff/staff.module';
import { MembershipsModule } from './modules/memberships/memberships.module';
import { CheckedInMembers } from './modules/class-bookings/checked-in-members';
import { ClassBookingsModule } from './modules/class-bookings/class-bookings.module';
import { TimetableModule } from './modules/timetable/timetable.module';
import { TrainingCalendarModule } from './modules/training-calendar/training-calendar.module';
import { StudioClassModule } from './modules/studio-class/studio-class.module';

@Module({})
export class AppModule {
  /** `logDestination`: where the JSON log lines go (stdout unless a test captures them). */
  static forRoot(config: AppConfig, logDestination?: DestinationStream): DynamicModule {
    const pinoHttp = {
      level: config.logLevel,
      genReqId: (req: IncomingMessage, res: ServerResponse) => requestIdFor(req, res),
      // The request as the logs may show it: id, method, status and a URL without secrets or people (log-redaction.ts).
      serializers: { req: requestForLog, res: responseForLog },
      redact: LOG_REDACT_PATHS,
      autoLogging: { ignore: (req: IncomingMessage) => Boolean(req.url?.startsWith('/api/health')) || !req.url?.startsWith('/api') },
      customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) =>
        error || res.statusCode >= 500 ? ('error' as const) : res.statusCode >= 400 ? ('warn' as const) : ('info' as const),
    };
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({
          // Silent: no per-request logger at all; bootstrap.ts gives each request its id instead (request-id.ts).
          forRoutes: config.logLevel === 'silent' ? [] : [{ path: '{*splat}', method: RequestMethod.ALL }],
          pinoHttp: logDestination ? [pinoHttp, logDestination] : pinoHttp,
        }),
        CqrsModule.forRoot(),
        DatabaseModule.forRoot(migrations),
        EventStoreModule,
        ProjectionsModule,
        MailModule,
        RateLimitsModule,
        AuthModule,
        IdentityModule,
        HealthModule,
        RuntimeConfigModule,
        FreeClassBookingsModule,
        CatalogModule,
        MembersModule,
        StaffModule,
        ChallengesModule,
        ClassReportModule,
        ProgressModule,
        HeartRateModule,
        IntervalTimerModule,
        EmailPreferencesModule,
        TrainingCalendarModule,
        StudioClassModule.checkedInBy(ClassBookingsModule, CheckedInMembers),
        PrivacyModule,
        TimetableModule,
        MembershipsModule,
        ClassBookingsModule,
      ],
    };
  }
}

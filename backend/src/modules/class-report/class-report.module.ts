import { Module } from '@nestjs/common';
import { MembershipsModule } from '../memberships/memberships.module';
import { TimetableModule } from '../timetable/timetable.module';
import { ClassReportController } from './class-report.controller';
import { ClassReportReadModel } from './class-report.read-model';
import { GetClassReportHandler } from './get-class-report.query';

/** The owner's view (issue 40, point 5): figures read from the bookings, the timetable and the memberships; it writes nothing. */
@Module({
  imports: [TimetableModule, MembershipsModule],
  controllers: [ClassReportController],
  providers: [ClassReportReadModel, GetClassReportHandler],
})
export class ClassReportModule {}

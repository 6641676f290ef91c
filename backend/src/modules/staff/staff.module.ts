import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { ActivityLog } from './activity-log';
import { FreeClassFollowUp } from './free-class-follow-up';
import { MailOutboxReader } from './mail-outbox';
import { MemberTimeline } from './member-timeline';
import { MembersOverview } from './members-overview';
import { StaffActivityController } from './staff-activity.controller';
import { staffActivityProjection } from './staff-activity.projection';
import { StaffAudit } from './staff-audit';
import { StaffBookingsController } from './staff-bookings.controller';
import { StaffChallengesController } from './staff-challenges.controller';
import { StaffMailController } from './staff-mail.controller';
import { StaffMembersController } from './staff-members.controller';
import { StaffProjectionsController } from './staff-projections.controller';
import { StaffSearchTerms } from './staff-search-terms';
import { GetFreeClassGuestsHandler } from './get-free-class-guests.handler';
import { RecordFreeClassOutcomeHandler } from './record-free-class-outcome.handler';

/**
 * The staff console's API under /api/staff (docs/staff-console.md); every route needs the staff role.
 * Its log, members list and booking outcomes read the `staff_activity` projection (ADR 0087).
 */
@Module({
  controllers: [
    StaffActivityController,
    StaffMembersController,
    StaffProjectionsController,
    StaffBookingsController,
    StaffMailController,
    StaffChallengesController,
  ],
  providers: [
    ActivityLog,
    StaffAudit,
    StaffSearchTerms,
    MemberTimeline,
    MembersOverview,
    FreeClassFollowUp,
    MailOutboxReader,
    RecordFreeClassOutcomeHandler,
    GetFreeClassGuestsHandler,
  ],
})
export class StaffModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionEngine,
    private readonly searchTerms: StaffSearchTerms,
  ) {}

  async onModuleInit(): Promise<void> {
    // Before the projections start (at bootstrap), once per database (ADR 0281).
    await this.searchTerms.sealEarlierExports();
    this.projections.register(staffActivityProjection);
  }
}

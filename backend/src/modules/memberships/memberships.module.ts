import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { EmailPreferencesModule } from '../email-preferences/email-preferences.module';
import { MembersModule } from '../members/members.module';
import { ReturnClassCreditHandler, UseClassCreditHandler } from './class-credits.command';
import { SetMembershipFrozenHandler } from './freeze-membership.command';
import { GetExpiringMembershipsHandler } from './get-expiring-memberships.query';
import { GetMembershipHistoryHandler } from './get-membership-history.query';
import { GetMembershipHandler } from './get-membership.query';
import { MembershipExpiryScheduler } from './membership-expiry.scheduler';
import { memberMembershipsProjection } from './member-memberships.projection';
import { MembershipsController, StaffMembershipsController } from './memberships.controller';
import { MembershipsReadModel } from './memberships.read-model';
import { RecordMembershipPurchaseHandler } from './record-membership-purchase.command';
import { SendMembershipReceiptHandler } from './send-membership-receipt.handler';

/** Memberships and class credits on the member stream (ADR 0350): sales, renewals, freezes, expiry, credits and the receipt. */
@Module({
  imports: [MembersModule, EmailPreferencesModule],
  controllers: [MembershipsController, StaffMembershipsController],
  providers: [
    MembershipsReadModel,
    RecordMembershipPurchaseHandler,
    SetMembershipFrozenHandler,
    UseClassCreditHandler,
    ReturnClassCreditHandler,
    GetMembershipHandler,
    GetMembershipHistoryHandler,
    GetExpiringMembershipsHandler,
    SendMembershipReceiptHandler,
    MembershipExpiryScheduler,
  ],
  exports: [MembershipsReadModel],
})
export class MembershipsModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionEngine) {}

  onModuleInit(): void {
    this.projections.register(memberMembershipsProjection);
  }
}

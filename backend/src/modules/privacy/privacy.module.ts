import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { MembersModule } from '../members/members.module';
import { ConsentsReadModel } from './consents.read-model';
import { ExportMemberDataForStaffHandler, ExportMyDataHandler } from './export-member-data.query';
import { FileRightsRequestAtDeskHandler, FileRightsRequestHandler } from './file-rights-request.command';
import { GetConsentsHandler } from './get-consents.query';
import { ListMyRightsRequestsHandler, ListRightsRequestsHandler } from './list-rights-requests.query';
import { memberConsentsProjection } from './member-consents.projection';
import { PrivacyController } from './privacy.controller';
import { RightsRequestsReadModel } from './rights-requests.read-model';
import { StaffRightsRequestsController } from './staff-rights-requests.controller';
import { UpdateConsentHandler } from './update-consent.command';
import { UpdateRightsRequestStatusHandler } from './update-rights-request-status.command';

/**
 * Privacy and data rights (issue 21): the consent registry (ADR 0190), the member's data export
 * (ADR 0193) and the rights-request queue (ADRs 0191, 0192).
 */
@Module({
  imports: [MembersModule],
  controllers: [PrivacyController, StaffRightsRequestsController],
  providers: [
    ConsentsReadModel,
    RightsRequestsReadModel,
    GetConsentsHandler,
    UpdateConsentHandler,
    ExportMyDataHandler,
    ExportMemberDataForStaffHandler,
    FileRightsRequestHandler,
    FileRightsRequestAtDeskHandler,
    ListMyRightsRequestsHandler,
    ListRightsRequestsHandler,
    UpdateRightsRequestStatusHandler,
  ],
  exports: [ConsentsReadModel],
})
export class PrivacyModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionEngine) {}

  onModuleInit(): void {
    this.projections.register(memberConsentsProjection);
  }
}

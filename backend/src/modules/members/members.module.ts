import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { PersonalDataPolicy } from '../../infrastructure/privacy/personal-data-policy';
import { CatalogModule } from '../catalog/catalog.module';
import { AbandonEnrollmentHandler } from './abandon-enrollment.command';
import { EnrollInPlanHandler } from './enroll-in-plan.command';
import { EraseMemberDataHandler } from './erase-member-data.command';
import { MEMBER_PERSONAL_FIELDS } from './member-personal-data.rules';
import { MEMBER_STREAM_PREFIX } from './member.events';
import { EnrollmentsController } from './enrollments.controller';
import { GetCurrentWorkoutHandler } from './get-current-workout.query';
import { GetMemberProfileHandler } from './get-member-profile.query';
import { GetOnboardingStatusHandler } from './get-onboarding-status.query';
import { ListEnrollmentsHandler } from './list-enrollments.query';
import { memberEnrollmentsProjection } from './member-enrollments.projection';
import { MemberContactsReadModel } from './member-contacts.read-model';
import { MemberEnrollmentsReadModel } from './member-enrollments.read-model';
import { memberProfileProjection } from './member-profile.projection';
import { MemberProfilesReadModel } from './member-profiles.read-model';
import { MemberStreams } from './member-streams';
import { PauseEnrollmentHandler } from './pause-enrollment.command';
import { PlatformUsersController } from './platform-users.controller';
import { ResumeEnrollmentHandler } from './resume-enrollment.command';
import { UpdateProfileHandler } from './update-profile.command';

/** The member stream's one writer, its use cases and the read models that serve them. */
@Module({
  imports: [CatalogModule],
  controllers: [PlatformUsersController, EnrollmentsController],
  providers: [
    MemberStreams,
    MemberContactsReadModel,
    MemberEnrollmentsReadModel,
    MemberProfilesReadModel,
    UpdateProfileHandler,
    EnrollInPlanHandler,
    AbandonEnrollmentHandler,
    PauseEnrollmentHandler,
    ResumeEnrollmentHandler,
    GetMemberProfileHandler,
    GetOnboardingStatusHandler,
    ListEnrollmentsHandler,
    GetCurrentWorkoutHandler,
    EraseMemberDataHandler,
  ],
  exports: [MemberStreams, MemberContactsReadModel, MemberEnrollmentsReadModel, MemberProfilesReadModel],
})
export class MembersModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionEngine,
    personalData: PersonalDataPolicy,
  ) {
    // In the constructor, before any module's init can read or write a member stream (ADR 0200).
    personalData.register({ streamPrefix: MEMBER_STREAM_PREFIX, fields: MEMBER_PERSONAL_FIELDS });
  }

  onModuleInit(): void {
    this.projections.register(memberProfileProjection);
    this.projections.register(memberEnrollmentsProjection);
  }
}

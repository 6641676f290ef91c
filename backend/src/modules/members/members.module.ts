import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { CatalogModule } from '../catalog/catalog.module';
import { AbandonEnrollmentHandler } from './abandon-enrollment.command';
import { EnrollInPlanHandler } from './enroll-in-plan.command';
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
  ],
  exports: [MemberStreams, MemberContactsReadModel, MemberEnrollmentsReadModel, MemberProfilesReadModel],
})
export class MembersModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionEngine) {}

  onModuleInit(): void {
    this.projections.register(memberProfileProjection);
    this.projections.register(memberEnrollmentsProjection);
  }
}

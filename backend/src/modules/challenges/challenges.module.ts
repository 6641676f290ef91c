import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { MembersModule } from '../members/members.module';
import { ArchiveChallengeHandler } from './archive-challenge.command';
import { ChallengesController } from './challenges.controller';
import { challengesProjection } from './challenges.projection';
import { ChallengesReadModel } from './challenges.read-model';
import { CreateChallengeHandler } from './create-challenge.command';
import { GetChallengeLeaderboardHandler } from './get-challenge-leaderboard.query';
import { GetMemberChallengesHandler } from './get-member-challenges.query';
import { JoinChallengeHandler } from './join-challenge.command';
import { ListChallengeParticipantsHandler } from './list-challenge-participants.query';
import { ListStaffChallengesHandler } from './list-staff-challenges.query';
import { memberChallengeProgressProjection } from './member-challenge-progress.projection';
import { UpdateLeaderboardPreferenceHandler } from './update-leaderboard-preference.command';

/**
 * Monthly challenges (ADR 0170): staff define them on `challenge-{id}` streams (their routes live in
 * the staff console, `staff/staff-challenges.controller.ts`); members join and choose how they show
 * on the leaderboard through their own stream; progress is the `member_challenge_progress` projection.
 */
@Module({
  imports: [MembersModule],
  controllers: [ChallengesController],
  providers: [
    ChallengesReadModel,
    CreateChallengeHandler,
    ArchiveChallengeHandler,
    JoinChallengeHandler,
    UpdateLeaderboardPreferenceHandler,
    GetMemberChallengesHandler,
    GetChallengeLeaderboardHandler,
    ListStaffChallengesHandler,
    ListChallengeParticipantsHandler,
  ],
})
export class ChallengesModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionEngine) {}

  onModuleInit(): void {
    this.projections.register(challengesProjection);
    this.projections.register(memberChallengeProgressProjection);
  }
}

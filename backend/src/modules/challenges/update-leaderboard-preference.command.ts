import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { MemberStreams } from '../members/member-streams';
import { decideChallengeMembership } from './challenge-membership.decider';
import { leaderboardLabel } from './challenges.rules';
import type { LeaderboardPreferenceDto, UpdateLeaderboardPreferenceDto } from './dto/challenges.dto';

export class UpdateLeaderboardPreference extends Command<LeaderboardPreferenceDto> {
  constructor(
    readonly user: AuthUser,
    readonly body: UpdateLeaderboardPreferenceDto,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/** Appear on the challenges' leaderboards or not, with the name or (by default) the initials; the label is fixed now (ADR 0172). */
@CommandHandler(UpdateLeaderboardPreference)
export class UpdateLeaderboardPreferenceHandler implements ICommandHandler<UpdateLeaderboardPreference, LeaderboardPreferenceDto> {
  constructor(private readonly members: MemberStreams) {}

  async execute({ user, body, idempotencyKey }: UpdateLeaderboardPreference): Promise<LeaderboardPreferenceDto> {
    const { visible, showName } = body;
    const label = leaderboardLabel(user.firstName, user.lastName, showName);
    await this.members.write({
      user,
      kind: 'update-challenge-leaderboard',
      idempotencyKey,
      input: { visible, showName },
      decide: decideChallengeMembership,
      command: (_commandId, now) => ({ type: 'UpdateChallengeLeaderboardPreference', data: { visible, showName, label, now } }),
    });
    return { visible, showName, label };
  }
}

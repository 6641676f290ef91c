import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { localDateOf } from '../../shared/studio-day';
import { MemberStreams } from '../members/member-streams';
import { decideChallengeMembership } from './challenge-membership.decider';
import { memberChallengeDto } from './challenge-views';
import { ChallengesReadModel } from './challenges.read-model';
import { CHALLENGE_MESSAGES } from './challenges.rules';
import type { MemberChallengeDto } from './dto/challenges.dto';

export class JoinChallenge extends Command<MemberChallengeDto> {
  constructor(
    readonly user: AuthUser,
    readonly challengeId: string,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/** The member joins a challenge; its month and goal travel on `ChallengeJoined` (ADR 0170). Joining twice changes nothing. */
@CommandHandler(JoinChallenge)
export class JoinChallengeHandler implements ICommandHandler<JoinChallenge, MemberChallengeDto> {
  constructor(
    private readonly members: MemberStreams,
    private readonly challenges: ChallengesReadModel,
  ) {}

  async execute({ user, challengeId, idempotencyKey }: JoinChallenge): Promise<MemberChallengeDto> {
    const challenge = await this.challenges.byId(challengeId);
    if (!challenge) throw new DomainError('not-found', CHALLENGE_MESSAGES.challengeNotFound);
    if (challenge.archivedAt) throw new DomainError('conflict', CHALLENGE_MESSAGES.challengeArchived);
    const { month, goalType, target } = challenge;
    const written = await this.members.write({
      user,
      kind: 'join-challenge',
      idempotencyKey,
      input: { challengeId },
      decide: decideChallengeMembership,
      command: (_commandId, now) => ({ type: 'JoinChallenge', data: { challengeId, month, goalType, target, now } }),
    });
    // Read after the writer waited for the projections: the answer shows the month's progress already counted.
    const mine = await this.challenges.forMember(user.userId);
    return memberChallengeDto(challenge, mine.entries.get(challengeId), mine.months, localDateOf(written.now));
  }
}

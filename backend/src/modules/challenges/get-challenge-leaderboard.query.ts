import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { challengeDto } from './challenge-views';
import { ChallengesReadModel } from './challenges.read-model';
import { CHALLENGE_MESSAGES, rankStandings } from './challenges.rules';
import type { ChallengeLeaderboardDto } from './dto/challenges.dto';

export class GetChallengeLeaderboard extends Query<ChallengeLeaderboardDto> {
  constructor(
    readonly user: AuthUser,
    readonly challengeId: string,
  ) {
    super();
  }
}

/** Members who chose to appear, ranked; each shown only by the label they chose, never by id or email. */
@QueryHandler(GetChallengeLeaderboard)
export class GetChallengeLeaderboardHandler implements IQueryHandler<GetChallengeLeaderboard, ChallengeLeaderboardDto> {
  constructor(private readonly challenges: ChallengesReadModel) {}

  async execute({ user, challengeId }: GetChallengeLeaderboard): Promise<ChallengeLeaderboardDto> {
    const challenge = await this.challenges.byId(challengeId);
    if (!challenge) throw new DomainError('not-found', CHALLENGE_MESSAGES.challengeNotFound);
    const { rows, participants } = await this.challenges.leaderboardRows(challengeId);
    const ranked = rankStandings(rows.map((row) => ({ ...row, key: row.userId })));
    return {
      challenge: challengeDto(challenge),
      participants,
      entries: ranked.map((row) => ({
        rank: row.rank,
        label: row.label,
        progress: row.progress,
        finished: row.finishedAt !== null,
        isMe: row.userId === user.userId,
      })),
    };
  }
}

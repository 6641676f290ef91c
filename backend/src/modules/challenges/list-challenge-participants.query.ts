import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError } from '../../shared/domain-error';
import { challengeDto } from './challenge-views';
import { ChallengesReadModel } from './challenges.read-model';
import { CHALLENGE_MESSAGES, rankStandings } from './challenges.rules';
import type { ChallengeParticipantsDto } from './dto/challenges.dto';

export class ListChallengeParticipants extends Query<ChallengeParticipantsDto> {
  constructor(readonly challengeId: string) {
    super();
  }
}

/** Staff: everyone who joined a challenge (opted in to the leaderboard or not), in the leaderboard's order. */
@QueryHandler(ListChallengeParticipants)
export class ListChallengeParticipantsHandler implements IQueryHandler<ListChallengeParticipants, ChallengeParticipantsDto> {
  constructor(private readonly challenges: ChallengesReadModel) {}

  async execute({ challengeId }: ListChallengeParticipants): Promise<ChallengeParticipantsDto> {
    const challenge = await this.challenges.byId(challengeId);
    if (!challenge) throw new DomainError('not-found', CHALLENGE_MESSAGES.challengeNotFound);
    const ranked = rankStandings((await this.challenges.participants(challengeId)).map((row) => ({ ...row, key: row.userId })));
    return {
      challenge: challengeDto(challenge),
      items: ranked.map(({ rank, userId, firstName, lastName, email, progress, joinedAt, finishedOn }) => ({
        rank,
        userId,
        firstName,
        lastName,
        email,
        progress,
        joinedAt,
        finishedOn,
      })),
    };
  }
}

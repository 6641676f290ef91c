import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { localDateOf } from '../../shared/studio-day';
import { memberChallengeDto } from './challenge-views';
import { ChallengesReadModel } from './challenges.read-model';
import { leaderboardLabel, monthKeyOf } from './challenges.rules';
import type { MemberChallengesDto } from './dto/challenges.dto';

export class GetMemberChallenges extends Query<MemberChallengesDto> {
  constructor(readonly user: AuthUser) {
    super();
  }
}

/** The dashboard's "Reto del mes": this month's challenge, the next ones, the finished ones and the leaderboard choice. */
@QueryHandler(GetMemberChallenges)
export class GetMemberChallengesHandler implements IQueryHandler<GetMemberChallenges, MemberChallengesDto> {
  constructor(private readonly challenges: ChallengesReadModel) {}

  async execute({ user }: GetMemberChallenges): Promise<MemberChallengesDto> {
    const today = localDateOf(new Date());
    const month = monthKeyOf(today);
    const [open, mine] = await Promise.all([this.challenges.openFrom(month), this.challenges.forMember(user.userId)]);
    const views = open.map((challenge) => memberChallengeDto(challenge, mine.entries.get(challenge.challengeId), mine.months, today));
    const board = mine.leaderboard;
    return {
      today,
      current: views.find((view) => view.challenge.month === month) ?? null,
      upcoming: views.filter((view) => view.challenge.month > month),
      achievements: mine.achievements,
      leaderboard: board
        ? { visible: board.visible, showName: board.showName, label: board.label }
        : { visible: false, showName: false, label: leaderboardLabel(user.firstName, user.lastName, false) },
    };
  }
}

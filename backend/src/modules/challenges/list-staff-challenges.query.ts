import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { challengeDto } from './challenge-views';
import { ChallengesReadModel } from './challenges.read-model';
import type { StaffChallengesDto } from './dto/challenges.dto';

export class ListStaffChallenges extends Query<StaffChallengesDto> {}

/** Staff: every challenge with how many joined and how many finished. */
@QueryHandler(ListStaffChallenges)
export class ListStaffChallengesHandler implements IQueryHandler<ListStaffChallenges, StaffChallengesDto> {
  constructor(private readonly challenges: ChallengesReadModel) {}

  async execute(): Promise<StaffChallengesDto> {
    const rows = await this.challenges.listWithCounts();
    return { items: rows.map((row) => ({ ...challengeDto(row), participants: row.participants, finishers: row.finishers })) };
  }
}

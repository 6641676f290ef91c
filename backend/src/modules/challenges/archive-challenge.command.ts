import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { appendUnchecked } from '../../infrastructure/event-store/unchecked-append';
import { EventStore } from '../../infrastructure/event-store/event-store.port';
import { ReadYourWrites } from '../../infrastructure/projections/read-your-writes';
import { DomainError } from '../../shared/domain-error';
import { challengeStreamName, type ChallengeArchived } from './challenge.events';
import { challengeDto } from './challenge-views';
import { CHALLENGE_WRITE_PROJECTIONS } from './create-challenge.command';
import { ChallengesReadModel } from './challenges.read-model';
import { CHALLENGE_MESSAGES } from './challenges.rules';
import type { ChallengeDto } from './dto/challenges.dto';

export class ArchiveChallenge extends Command<ChallengeDto> {
  constructor(
    readonly staff: AuthUser,
    readonly challengeId: string,
  ) {
    super();
  }
}

/** Closes a challenge to new members and frees its month; standings and achievements stay. */
@CommandHandler(ArchiveChallenge)
export class ArchiveChallengeHandler implements ICommandHandler<ArchiveChallenge, ChallengeDto> {
  constructor(
    private readonly store: EventStore,
    private readonly readYourWrites: ReadYourWrites,
    private readonly challenges: ChallengesReadModel,
  ) {}

  async execute({ staff, challengeId }: ArchiveChallenge): Promise<ChallengeDto> {
    const challenge = await this.challenges.byId(challengeId);
    if (!challenge) throw new DomainError('not-found', CHALLENGE_MESSAGES.challengeNotFound);
    if (challenge.archivedAt) throw new DomainError('conflict', CHALLENGE_MESSAGES.alreadyArchived);
    const now = new Date().toISOString();
    const event: ChallengeArchived = { type: 'ChallengeArchived', data: { challengeId, occurredAt: now } };
    const { position } = await appendUnchecked(this.store, challengeStreamName(challengeId), event, { userId: staff.userId, role: staff.role }, now);
    await this.readYourWrites.waitFor(position, { projections: CHALLENGE_WRITE_PROJECTIONS });
    return challengeDto({ ...challenge, archivedAt: now });
  }
}

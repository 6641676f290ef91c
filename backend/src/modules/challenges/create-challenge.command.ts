import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { appendUnchecked } from '../../infrastructure/event-store/unchecked-append';
import { EventStore } from '../../infrastructure/event-store/event-store.port';
import { ReadYourWrites } from '../../infrastructure/projections/read-your-writes';
import { DomainError } from '../../shared/domain-error';
import { localDateOf } from '../../shared/studio-day';
import { challengeStreamName, type ChallengeCreated } from './challenge.events';
import { challengeDto } from './challenge-views';
import { challengesProjection } from './challenges.projection';
import { ChallengesReadModel } from './challenges.read-model';
import { CHALLENGE_MESSAGES, checkChallengeDefinition } from './challenges.rules';
import type { ChallengeDto, CreateChallengeDto } from './dto/challenges.dto';

/** Projections a staff write on a challenge waits for: the challenges and the activity log. */
export const CHALLENGE_WRITE_PROJECTIONS = [challengesProjection.name, 'staff_activity'];

export class CreateChallenge extends Command<ChallengeDto> {
  constructor(
    readonly staff: AuthUser,
    readonly body: CreateChallengeDto,
  ) {
    super();
  }
}

/**
 * Staff define the challenge of a month: checked (name, month not over, goal), one open challenge
 * per month, then `ChallengeCreated` on its own stream with the staff member as the actor.
 */
@CommandHandler(CreateChallenge)
export class CreateChallengeHandler implements ICommandHandler<CreateChallenge, ChallengeDto> {
  constructor(
    private readonly store: EventStore,
    private readonly readYourWrites: ReadYourWrites,
    private readonly challenges: ChallengesReadModel,
  ) {}

  async execute({ staff, body }: CreateChallenge): Promise<ChallengeDto> {
    const now = new Date().toISOString();
    const definition = checkChallengeDefinition(body, localDateOf(now));
    if (await this.challenges.activeInMonth(definition.month)) throw new DomainError('conflict', CHALLENGE_MESSAGES.monthTaken, { field: 'month' });
    const challengeId = randomUUID();
    const event: ChallengeCreated = { type: 'ChallengeCreated', data: { challengeId, ...definition, occurredAt: now } };
    const { position } = await appendUnchecked(this.store, challengeStreamName(challengeId), event, { userId: staff.userId, role: staff.role }, now);
    await this.readYourWrites.waitFor(position, { projections: CHALLENGE_WRITE_PROJECTIONS });
    return challengeDto({ challengeId, ...definition, createdAt: now, archivedAt: null });
  }
}

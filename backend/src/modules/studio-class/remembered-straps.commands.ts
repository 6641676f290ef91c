import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError } from '../../shared/domain-error';
import type { RememberedStrapsDto } from './dto/studio-class.dto';
import { RememberedStraps } from './remembered-straps';
import { STUDIO_CLASS_MESSAGES } from './studio-class.rules';

/** The desk's list of remembered straps in force (ADR 0370). */
export class ListRememberedStraps extends Query<RememberedStrapsDto> {}

@QueryHandler(ListRememberedStraps)
export class ListRememberedStrapsHandler implements IQueryHandler<ListRememberedStraps, RememberedStrapsDto> {
  constructor(private readonly straps: RememberedStraps) {}

  async execute(): Promise<RememberedStrapsDto> {
    const straps = await this.straps.inForce();
    return {
      straps: straps.map(({ userId, sensorId, rememberedAt, firstName, lastName }) => ({
        userId,
        sensorId,
        fullName: `${firstName} ${lastName}`.trim(),
        rememberedAt: rememberedAt.toISOString(),
      })),
    };
  }
}

/** The desk forgets a member's strap (a strap lent for good, a member who asks); 404 when none was remembered. */
export class ForgetRememberedStrap extends Command<RememberedStrapsDto> {
  constructor(readonly userId: string) {
    super();
  }
}

@CommandHandler(ForgetRememberedStrap)
export class ForgetRememberedStrapHandler implements ICommandHandler<ForgetRememberedStrap, RememberedStrapsDto> {
  constructor(
    private readonly straps: RememberedStraps,
    private readonly list: ListRememberedStrapsHandler,
  ) {}

  async execute({ userId }: ForgetRememberedStrap): Promise<RememberedStrapsDto> {
    if (!(await this.straps.forget(userId))) throw new DomainError('not-found', STUDIO_CLASS_MESSAGES.noStrapRemembered, { field: 'userId' });
    return this.list.execute();
  }
}

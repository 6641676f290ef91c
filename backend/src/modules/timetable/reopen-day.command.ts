import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../shared/domain-error';
import { isLocalDate } from '../../shared/studio-day';
import { TIMETABLE_MESSAGES } from './timetable.rules';
import { TimetableStore } from './timetable.store';

export class ReopenDay extends Command<void> {
  constructor(readonly date: string) {
    super();
  }
}

/** Staff: a closed day opens again with its usual classes. */
@CommandHandler(ReopenDay)
export class ReopenDayHandler implements ICommandHandler<ReopenDay, void> {
  constructor(private readonly store: TimetableStore) {}

  async execute({ date }: ReopenDay): Promise<void> {
    // A date that matches AAAA-MM-DD but is no calendar day (2026-02-30) is refused before PostgreSQL sees it.
    if (!isLocalDate(date)) throw new DomainError('invalid', TIMETABLE_MESSAGES.badDate, { field: 'date' });
    return this.store.deleteClosure(date);
  }
}

import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../shared/domain-error';
import { isLocalDate } from '../../shared/studio-day';
import { TIMETABLE_MESSAGES } from './timetable.rules';
import { TimetableStore } from './timetable.store';

export class ClearClassChange extends Command<void> {
  constructor(
    readonly slotId: string,
    readonly date: string,
  ) {
    super();
  }
}

/** Staff: that date's class is back as the weekly timetable has it. */
@CommandHandler(ClearClassChange)
export class ClearClassChangeHandler implements ICommandHandler<ClearClassChange, void> {
  constructor(private readonly store: TimetableStore) {}

  async execute({ slotId, date }: ClearClassChange): Promise<void> {
    // A date that matches AAAA-MM-DD but is no calendar day (2026-02-30) is refused before PostgreSQL sees it.
    if (!isLocalDate(date)) throw new DomainError('invalid', TIMETABLE_MESSAGES.badDate, { field: 'date' });
    return this.store.deleteChange(slotId, date);
  }
}

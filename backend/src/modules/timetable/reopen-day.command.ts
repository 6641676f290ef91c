import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
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

  execute({ date }: ReopenDay): Promise<void> {
    return this.store.deleteClosure(date);
  }
}

import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TimetableStore } from './timetable.store';

export class DeleteClassType extends Command<void> {
  constructor(readonly classTypeId: string) {
    super();
  }
}

/** Staff: a class type nobody teaches any more; refused while a weekly slot still uses it. */
@CommandHandler(DeleteClassType)
export class DeleteClassTypeHandler implements ICommandHandler<DeleteClassType, void> {
  constructor(private readonly store: TimetableStore) {}

  execute({ classTypeId }: DeleteClassType): Promise<void> {
    return this.store.deleteClassType(classTypeId);
  }
}

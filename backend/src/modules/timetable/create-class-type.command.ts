import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ClassTypeDto, ClassTypeInputDto } from './dto/timetable.dto';
import { checkClassType } from './timetable.rules';
import { TimetableStore } from './timetable.store';

export class CreateClassType extends Command<ClassTypeDto> {
  constructor(readonly body: ClassTypeInputDto) {
    super();
  }
}

/** Staff: a new kind of class (its name unique), ready to be placed in the weekly timetable. */
@CommandHandler(CreateClassType)
export class CreateClassTypeHandler implements ICommandHandler<CreateClassType, ClassTypeDto> {
  constructor(private readonly store: TimetableStore) {}

  execute({ body }: CreateClassType): Promise<ClassTypeDto> {
    return this.store.createClassType(checkClassType(body));
  }
}

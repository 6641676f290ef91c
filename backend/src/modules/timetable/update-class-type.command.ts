import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ClassTypeDto, ClassTypeInputDto } from './dto/timetable.dto';
import { checkClassType } from './timetable.rules';
import { TimetableStore } from './timetable.store';

export class UpdateClassType extends Command<ClassTypeDto> {
  constructor(
    readonly classTypeId: string,
    readonly body: ClassTypeInputDto,
  ) {
    super();
  }
}

/** Staff: a class type's name, description, length, default capacity or coach; its slots keep their own capacity. */
@CommandHandler(UpdateClassType)
export class UpdateClassTypeHandler implements ICommandHandler<UpdateClassType, ClassTypeDto> {
  constructor(private readonly store: TimetableStore) {}

  async execute({ classTypeId, body }: UpdateClassType): Promise<ClassTypeDto> {
    const type = { classTypeId, ...checkClassType(body) };
    await this.store.updateClassType(type);
    return type;
  }
}

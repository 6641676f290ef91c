import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { StudioClassStateDto } from './dto/studio-class.dto';
import { StudioClassView } from './studio-class-view';

/** The class on the board now (or the last one of today), for the console and the board. */
export class GetStudioClass extends Query<StudioClassStateDto> {}

@QueryHandler(GetStudioClass)
export class GetStudioClassHandler implements IQueryHandler<GetStudioClass, StudioClassStateDto> {
  constructor(private readonly view: StudioClassView) {}

  execute(): Promise<StudioClassStateDto> {
    return this.view.state();
  }
}

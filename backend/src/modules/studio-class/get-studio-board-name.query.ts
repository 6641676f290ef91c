import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import type { StudioBoardNameResponseDto } from './dto/studio-class.dto';
import { StudioClassReadModel } from './studio-class.read-model';

/** Whether the member shows on the class board with their name; initials until they choose. */
export class GetStudioBoardName extends Query<StudioBoardNameResponseDto> {
  constructor(readonly user: AuthUser) {
    super();
  }
}

@QueryHandler(GetStudioBoardName)
export class GetStudioBoardNameHandler implements IQueryHandler<GetStudioBoardName, StudioBoardNameResponseDto> {
  constructor(private readonly classes: StudioClassReadModel) {}

  async execute({ user }: GetStudioBoardName): Promise<StudioBoardNameResponseDto> {
    return { showName: await this.classes.boardShowName(user.userId) };
  }
}

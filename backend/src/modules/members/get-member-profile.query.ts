import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import type { UserResponseDto } from './dto/profile.dto';
import { MemberProfilesReadModel, userDto } from './member-profiles.read-model';

export class GetMemberProfile extends Query<UserResponseDto> {
  constructor(readonly user: AuthUser) {
    super();
  }
}

@QueryHandler(GetMemberProfile)
export class GetMemberProfileHandler implements IQueryHandler<GetMemberProfile, UserResponseDto> {
  constructor(private readonly profiles: MemberProfilesReadModel) {}

  async execute({ user }: GetMemberProfile): Promise<UserResponseDto> {
    return { user: userDto(user, await this.profiles.forMember(user.userId)) };
  }
}

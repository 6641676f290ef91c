import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import type { OnboardingStatusDto } from './dto/profile.dto';
import { MemberProfilesReadModel } from './member-profiles.read-model';

export class GetOnboardingStatus extends Query<OnboardingStatusDto> {
  constructor(readonly user: AuthUser) {
    super();
  }
}

@QueryHandler(GetOnboardingStatus)
export class GetOnboardingStatusHandler implements IQueryHandler<GetOnboardingStatus, OnboardingStatusDto> {
  constructor(private readonly profiles: MemberProfilesReadModel) {}

  async execute({ user }: GetOnboardingStatus): Promise<OnboardingStatusDto> {
    return { onboardingCompleted: (await this.profiles.forMember(user.userId)).onboardingCompleted };
  }
}

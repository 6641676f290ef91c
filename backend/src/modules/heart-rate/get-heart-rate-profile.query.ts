import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { MemberProfilesReadModel } from '../members/member-profiles.read-model';
import type { HeartRateProfileDto } from './dto/heart-rate.dto';
import { heartRateProfileOf } from './heart-rate-profile';
import { HeartRateReadModel } from './heart-rate.read-model';

export class GetHeartRateProfile extends Query<HeartRateProfileDto> {
  constructor(readonly user: AuthUser) {
    super();
  }
}

/** The member's consent, maximum heart rate, zones and points rules, from the read models. */
@QueryHandler(GetHeartRateProfile)
export class GetHeartRateProfileHandler implements IQueryHandler<GetHeartRateProfile, HeartRateProfileDto> {
  constructor(
    private readonly heartRate: HeartRateReadModel,
    private readonly profiles: MemberProfilesReadModel,
  ) {}

  async execute({ user }: GetHeartRateProfile): Promise<HeartRateProfileDto> {
    const [{ consent, raisedMaxHr, measuredMaxHr, dataDeletedAt }, { profile }] = await Promise.all([
      this.heartRate.forMember(user.userId),
      this.profiles.forMember(user.userId),
    ]);
    return heartRateProfileOf(consent, { raisedMaxHr, measuredMaxHr }, profile.dateOfBirth, new Date(), dataDeletedAt);
  }
}

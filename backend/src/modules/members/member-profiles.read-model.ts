import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { PG_POOL } from '../../infrastructure/database/database.module';
import type { UserDto } from './dto/profile.dto';
import { ageOn, emptyProfile, type MemberProfile } from './member-profile.rules';
import { MEMBER_PROFILES } from './member-profile.projection';

/** Offered to other modules (heart rate) with the profile it applies to: full years of age on a day. */
export { ageOn };

interface ProfileRow {
  profile: MemberProfile;
  onboardingCompleted: boolean;
}

/** Reads `member_profiles`; a member who never saved a profile has an empty one. */
@Injectable()
export class MemberProfilesReadModel {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async forMember(userId: string): Promise<ProfileRow> {
    const { rows } = await this.pool.query<{ profile: Partial<MemberProfile>; onboarding_completed: boolean }>(
      `SELECT profile, onboarding_completed FROM ${MEMBER_PROFILES} WHERE user_id = $1`,
      [userId],
    );
    const row = rows[0];
    return { profile: { ...emptyProfile(), ...(row?.profile ?? {}) }, onboardingCompleted: row?.onboarding_completed ?? false };
  }
}

/** The member as the SPA shows them: name and email from the identity token, the rest from the stream. */
export function userDto(user: AuthUser, { profile, onboardingCompleted }: ProfileRow): UserDto {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    onboardingCompleted,
    profile: {
      dateOfBirth: profile.dateOfBirth ? `${profile.dateOfBirth}T12:00:00.000Z` : null,
      gender: profile.gender,
      height: profile.height,
      weight: profile.weight,
      fitnessLevel: profile.fitnessLevel,
      goals: [...profile.goals],
    },
  };
}

import { Body, Controller, Get, Headers, Inject, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { handleCommand } from '../../infrastructure/event-store/command-handler';
import { EventStore } from '../../infrastructure/event-store/event-store.port';
import { DomainError } from '../../shared/domain-error';
import { OnboardingStatusDto, UpdateProfileDto, UserDto, UserResponseDto } from './dto/profile.dto';
import { MEMBER_PROFILES } from './member-profile.projection';
import { dateOfBirthFromWire, emptyProfile, type MemberProfile } from './member-profile';
import { memberScopedId } from './member-commands';
import { memberDecider } from './member.decider';
import { MEMBER_EVENT_SCHEMA_VERSIONS, memberStreamName, type MemberEventType, type ProfileInput } from './member.events';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec section 7: the member's own profile and onboarding status. Name and email come from the identity token. */
@ApiTags('members')
@ApiBearerAuth()
@Controller('platform-users')
export class PlatformUsersController {
  constructor(
    private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @Get('profile')
  @ApiOkResponse({ type: UserResponseDto })
  async getMemberProfile(@CurrentUser() user: AuthUser): Promise<UserResponseDto> {
    const row = await this.readProfile(user.userId);
    return { user: toUser(user, row.profile, row.onboardingCompleted) };
  }

  @Get('onboarding-status')
  @ApiOkResponse({ type: OnboardingStatusDto })
  async getOnboardingStatus(@CurrentUser() user: AuthUser): Promise<OnboardingStatusDto> {
    return { onboardingCompleted: (await this.readProfile(user.userId)).onboardingCompleted };
  }

  @Put('profile')
  @ApiHeader({ name: 'idempotency-key', required: false, description: 'UUID; un reintento con la misma clave se aplica una sola vez' })
  @ApiOkResponse({ type: UserResponseDto })
  async updateMemberProfile(
    @CurrentUser() user: AuthUser,
    @Body() body: UpdateProfileDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<UserResponseDto> {
    const profile = profileInputOf(body);
    const now = new Date().toISOString();
    const result = await handleCommand(
      this.store,
      memberDecider,
      memberStreamName(user.userId),
      { type: 'UpdateProfile', data: { profile, completeOnboarding: body.completeOnboarding ?? false, now } },
      {
        // Scoped per member (ADR 0065): another member's identical key is another command.
        commandId: idempotencyKey && UUID.test(idempotencyKey) ? memberScopedId(user.userId, 'update-profile', idempotencyKey) : randomUUID(),
        actor: { userId: user.userId, role: user.role },
        occurredAt: now,
      },
      { schemaVersionOf: (type) => MEMBER_EVENT_SCHEMA_VERSIONS[type as MemberEventType] ?? 1 },
    );
    // Answer from the decided state: the projection catches up before the answer leaves (read-your-writes).
    return { user: toUser(user, result.state.profile, result.state.onboardingCompleted) };
  }

  private async readProfile(userId: string): Promise<{ profile: MemberProfile; onboardingCompleted: boolean }> {
    const { rows } = await this.pool.query<{ profile: Partial<MemberProfile>; onboarding_completed: boolean }>(
      `SELECT profile, onboarding_completed FROM ${MEMBER_PROFILES} WHERE user_id = $1`,
      [userId],
    );
    const row = rows[0];
    return { profile: { ...emptyProfile(), ...(row?.profile ?? {}) }, onboardingCompleted: row?.onboarding_completed ?? false };
  }
}

function profileInputOf(body: UpdateProfileDto): ProfileInput {
  const input: { -readonly [K in keyof ProfileInput]: ProfileInput[K] } = {};
  const p = body.profile;
  if (p.dateOfBirth !== undefined) {
    const date = dateOfBirthFromWire(p.dateOfBirth);
    if (date === undefined) throw new DomainError('invalid', 'dateOfBirth debe ser una fecha válida (AAAA-MM-DD).');
    input.dateOfBirth = date;
  }
  if (p.gender !== undefined) input.gender = p.gender || null;
  if (p.height !== undefined) input.height = p.height;
  if (p.weight !== undefined) input.weight = p.weight;
  if (p.fitnessLevel !== undefined) input.fitnessLevel = p.fitnessLevel || null;
  if (p.goals !== undefined) input.goals = p.goals;
  return input;
}

function toUser(user: AuthUser, profile: MemberProfile, onboardingCompleted: boolean): UserDto {
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

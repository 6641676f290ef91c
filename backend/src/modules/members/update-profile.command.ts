import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import type { UpdateProfileDto, UserResponseDto } from './dto/profile.dto';
import { dateOfBirthFromWire } from './member-profile.rules';
import { userDto } from './member-profiles.read-model';
import { decideMembership, type ProfileInput } from './member.decider';
import { MemberStreams } from './member-streams';

export class UpdateProfile extends Command<UserResponseDto> {
  constructor(
    readonly user: AuthUser,
    readonly body: UpdateProfileDto,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/** Saves the fields the member sent (the onboarding wizard or the profile page) and, once, completes onboarding. */
@CommandHandler(UpdateProfile)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfile, UserResponseDto> {
  constructor(private readonly members: MemberStreams) {}

  async execute({ user, body, idempotencyKey }: UpdateProfile): Promise<UserResponseDto> {
    const profile = profileInputOf(body);
    const completeOnboarding = body.completeOnboarding ?? false;
    const written = await this.members.write({
      user,
      kind: 'update-profile',
      idempotencyKey,
      input: { profile, completeOnboarding },
      decide: decideMembership,
      command: (_commandId, now) => ({ type: 'UpdateProfile', data: { profile, completeOnboarding, now } }),
    });
    // From the decided state: on a retry it already holds the first request's changes.
    return { user: userDto(user, { profile: written.state.profile, onboardingCompleted: written.state.onboardingCompleted }) };
  }
}

function profileInputOf(body: UpdateProfileDto): ProfileInput {
  const input: { -readonly [K in keyof ProfileInput]: ProfileInput[K] } = {};
  const p = body.profile;
  if (p.dateOfBirth !== undefined) {
    const date = dateOfBirthFromWire(p.dateOfBirth);
    if (date === undefined) throw new DomainError('invalid', 'La fecha de nacimiento debe ser una fecha válida (AAAA-MM-DD).');
    input.dateOfBirth = date;
  }
  if (p.gender !== undefined) input.gender = p.gender || null;
  if (p.height !== undefined) input.height = p.height;
  if (p.weight !== undefined) input.weight = p.weight;
  if (p.fitnessLevel !== undefined) input.fitnessLevel = p.fitnessLevel || null;
  if (p.goals !== undefined) input.goals = p.goals;
  return input;
}

import { Body, Controller, Get, Headers, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { OnboardingStatusDto, UpdateProfileDto, UserResponseDto } from './dto/profile.dto';
import { GetMemberProfile } from './get-member-profile.query';
import { GetOnboardingStatus } from './get-onboarding-status.query';
import { ApiIdempotencyKeyReused, ApiMemberError, IDEMPOTENCY_HEADER } from '../../infrastructure/http/api-docs';
import { IDEMPOTENCY_KEY_MESSAGE } from '../../infrastructure/http/idempotency-key';
import { UpdateProfile } from './update-profile.command';

/** Spec section 7: the member's own profile and onboarding status. Name and email come from the identity token. */
@ApiTags('members')
@ApiBearerAuth()
@Controller('platform-users')
export class PlatformUsersController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('profile')
  @ApiOkResponse({ type: UserResponseDto })
  getMemberProfile(@CurrentUser() user: AuthUser): Promise<UserResponseDto> {
    return this.queryBus.execute(new GetMemberProfile(user));
  }

  @Get('onboarding-status')
  @ApiOkResponse({ type: OnboardingStatusDto })
  getOnboardingStatus(@CurrentUser() user: AuthUser): Promise<OnboardingStatusDto> {
    return this.queryBus.execute(new GetOnboardingStatus(user));
  }

  @Put('profile')
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOkResponse({ type: UserResponseDto })
  @ApiMemberError(400, 'Cuerpo o Idempotency-Key inválidos', IDEMPOTENCY_KEY_MESSAGE, 'invalid', { field: 'Idempotency-Key' })
  @ApiIdempotencyKeyReused()
  updateMemberProfile(
    @CurrentUser() user: AuthUser,
    @Body() body: UpdateProfileDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<UserResponseDto> {
    return this.commandBus.execute(new UpdateProfile(user, body, idempotencyKey));
  }
}

import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { ApiIdempotencyKeyReused, ApiMemberError, IDEMPOTENCY_HEADER, UNAUTHORIZED_MESSAGE } from '../../infrastructure/http/api-docs';
import { CHALLENGE_MESSAGES } from './challenges.rules';
import {
  ChallengeIdParamDto,
  ChallengeLeaderboardDto,
  LeaderboardPreferenceDto,
  MemberChallengeDto,
  MemberChallengesDto,
  UpdateLeaderboardPreferenceDto,
} from './dto/challenges.dto';
import { GetChallengeLeaderboard } from './get-challenge-leaderboard.query';
import { GetMemberChallenges } from './get-member-challenges.query';
import { JoinChallenge } from './join-challenge.command';
import { UpdateLeaderboardPreference } from './update-leaderboard-preference.command';

/** Monthly challenges as members meet them (ADR 0170): join, progress, leaderboard. The token says whose. */
@ApiTags('challenges')
@ApiBearerAuth()
@Controller('challenges')
export class ChallengesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'El reto del mes, los próximos, los retos completados y la elección de la clasificación' })
  @ApiOkResponse({ type: MemberChallengesDto })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  getMemberChallenges(@CurrentUser() user: AuthUser): Promise<MemberChallengesDto> {
    return this.queryBus.execute(new GetMemberChallenges(user));
  }

  @Put('leaderboard-preference')
  @ApiOperation({ summary: 'Aparecer o no en la clasificación de los retos, con el nombre o (por defecto) con las iniciales' })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOkResponse({ type: LeaderboardPreferenceDto })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  @ApiIdempotencyKeyReused()
  updateLeaderboardPreference(
    @CurrentUser() user: AuthUser,
    @Body() body: UpdateLeaderboardPreferenceDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<LeaderboardPreferenceDto> {
    return this.commandBus.execute(new UpdateLeaderboardPreference(user, body, idempotencyKey));
  }

  @Get(':challengeId/leaderboard')
  @ApiOperation({ summary: 'Clasificación del reto: solo quienes eligieron aparecer, con sus iniciales o su nombre' })
  @ApiParam({ name: 'challengeId', description: 'Id del reto' })
  @ApiOkResponse({ type: ChallengeLeaderboardDto })
  @ApiMemberError(404, 'Reto desconocido', CHALLENGE_MESSAGES.challengeNotFound, 'not-found')
  getChallengeLeaderboard(@CurrentUser() user: AuthUser, @Param() params: ChallengeIdParamDto): Promise<ChallengeLeaderboardDto> {
    return this.queryBus.execute(new GetChallengeLeaderboard(user, params.challengeId));
  }

  @Post(':challengeId/join')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Unirse a un reto; unirse dos veces no cambia nada',
    description: 'Cuenta todo el mes del reto, también lo entrenado antes de unirse.',
  })
  @ApiParam({ name: 'challengeId', description: 'Id del reto' })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOkResponse({ type: MemberChallengeDto })
  @ApiMemberError(404, 'Reto desconocido', CHALLENGE_MESSAGES.challengeNotFound, 'not-found')
  @ApiMemberError(409, 'Reto archivado o terminado', CHALLENGE_MESSAGES.challengeOver, 'conflict')
  @ApiIdempotencyKeyReused()
  joinChallenge(
    @CurrentUser() user: AuthUser,
    @Param() params: ChallengeIdParamDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<MemberChallengeDto> {
    return this.commandBus.execute(new JoinChallenge(user, params.challengeId, idempotencyKey));
  }
}

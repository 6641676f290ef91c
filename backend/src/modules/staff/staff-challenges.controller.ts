import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { Roles } from '../../infrastructure/auth/roles.decorator';
import { ArchiveChallenge } from '../challenges/archive-challenge.command';
import { CreateChallenge } from '../challenges/create-challenge.command';
import { ChallengeDto, ChallengeIdParamDto, ChallengeParticipantsDto, CreateChallengeDto, StaffChallengesDto } from '../challenges/dto/challenges.dto';
import { ListChallengeParticipants } from '../challenges/list-challenge-participants.query';
import { ListStaffChallenges } from '../challenges/list-staff-challenges.query';
import { streamCsv } from './csv';
import { StaffAudit } from './staff-audit';
import { staffStreamName } from './staff-events';

/** Staff: the monthly challenges — create, archive, participation and finishers, CSV (ADR 0170). */
@ApiTags('staff')
@ApiBearerAuth()
@Roles('staff')
@Controller('staff/challenges')
export class StaffChallengesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly audit: StaffAudit,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Retos, del mes más reciente al más antiguo, con participantes y quienes lo completaron' })
  @ApiOkResponse({ type: StaffChallengesDto })
  listStaffChallenges(): Promise<StaffChallengesDto> {
    return this.queryBus.execute(new ListStaffChallenges());
  }

  @Post()
  @ApiOperation({ summary: 'Crea el reto de un mes (nombre, mes, tipo de meta y meta); uno vigente por mes' })
  @ApiCreatedResponse({ type: ChallengeDto })
  createStaffChallenge(@CurrentUser() staff: AuthUser, @Body() body: CreateChallengeDto): Promise<ChallengeDto> {
    return this.commandBus.execute(new CreateChallenge(staff, body));
  }

  @Post(':challengeId/archive')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archiva un reto: nadie más puede unirse y su mes queda libre; el avance y los logros se conservan' })
  @ApiParam({ name: 'challengeId', description: 'Id del reto' })
  @ApiOkResponse({ type: ChallengeDto })
  archiveStaffChallenge(@CurrentUser() staff: AuthUser, @Param() params: ChallengeIdParamDto): Promise<ChallengeDto> {
    return this.commandBus.execute(new ArchiveChallenge(staff, params.challengeId));
  }

  @Get(':challengeId/participants')
  @ApiOperation({ summary: 'Participantes de un reto con su avance y el día en que lo completaron' })
  @ApiParam({ name: 'challengeId', description: 'Id del reto' })
  @ApiOkResponse({ type: ChallengeParticipantsDto })
  listStaffChallengeParticipants(@Param() params: ChallengeIdParamDto): Promise<ChallengeParticipantsDto> {
    return this.queryBus.execute(new ListChallengeParticipants(params.challengeId));
  }

  @Get(':challengeId/participants/export.csv')
  @ApiOperation({ summary: 'Exporta en CSV los participantes de un reto y quienes lo completaron' })
  @ApiParam({ name: 'challengeId', description: 'Id del reto' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV en UTF-8 con BOM' })
  async exportStaffChallengeParticipants(@Param() params: ChallengeIdParamDto, @CurrentUser() staff: AuthUser, @Res() response: Response): Promise<void> {
    const { challenge, items } = await this.queryBus.execute(new ListChallengeParticipants(params.challengeId));
    await this.audit.record(staffStreamName(staff.userId), staff, {
      type: 'StaffExportDownloaded',
      data: { export: 'challenge-participants', filters: { challengeId: challenge.challengeId }, occurredAt: new Date().toISOString() },
    });
    async function* pages() {
      yield items;
    }
    await streamCsv(
      response,
      `reto-${challenge.month}-participantes.csv`,
      ['reto', 'mes', 'posicion', 'miembro', 'correo', 'id_miembro', 'avance', 'meta', 'unido', 'completado'],
      pages(),
      (row) => [
        challenge.name,
        challenge.month,
        row.rank,
        [row.firstName, row.lastName].filter(Boolean).join(' '),
        row.email ?? '',
        row.userId,
        row.progress,
        challenge.target,
        row.joinedAt,
        row.finishedOn ?? '',
      ],
    );
  }
}

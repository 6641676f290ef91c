import { Body, Controller, Get, Header, Param, Patch, Post, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { Roles } from '../../infrastructure/auth/roles.decorator';
import { MemberIdParamDto } from '../members/dto/member-id-param.dto';
import { FileRightsRequestAtDesk } from './file-rights-request.command';
import {
  RightsRequestIdParamDto,
  StaffFileRightsRequestDto,
  StaffRightsRequestDto,
  StaffRightsRequestsDto,
  UpdateRightsRequestStatusDto,
} from './dto/privacy.dto';
import { ExportMemberDataForStaff } from './export-member-data.query';
import { ListRightsRequests } from './list-rights-requests.query';
import { UpdateRightsRequestStatus } from './update-rights-request-status.command';

/** Staff: the rights-request queue (ADR 0192) and a member's data export for a request received at the desk. */
@ApiTags('staff')
@ApiBearerAuth()
@Roles('staff')
@Controller('staff')
export class StaffRightsRequestsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('rights-requests')
  @ApiOperation({ summary: 'Solicitudes de derechos: abiertas primero por fecha límite, con los días hábiles que faltan' })
  @ApiOkResponse({ type: StaffRightsRequestsDto })
  listRightsRequests(): Promise<StaffRightsRequestsDto> {
    return this.queryBus.execute(new ListRightsRequests());
  }

  @Post('rights-requests')
  @ApiOperation({
    summary: 'Registrar una solicitud recibida en recepción, a nombre del miembro',
    description: 'Se recibe hoy y vence a los 20 días hábiles; el miembro la ve en su perfil. Una sola abierta por miembro y derecho.',
  })
  @ApiCreatedResponse({ type: StaffRightsRequestDto })
  fileRightsRequestAtDesk(@CurrentUser() staff: AuthUser, @Body() body: StaffFileRightsRequestDto): Promise<StaffRightsRequestDto> {
    return this.commandBus.execute(new FileRightsRequestAtDesk(staff, body));
  }

  @Patch('rights-requests/:requestId')
  @ApiOperation({
    summary: 'Cambiar el estado de una solicitud (en curso, respondida, prorrogada, rechazada)',
    description: 'Prorrogar suma 20 días hábiles a la fecha límite, una sola vez. Una solicitud respondida o rechazada ya no cambia.',
  })
  @ApiParam({ name: 'requestId', description: 'Id (UUID) de la solicitud' })
  @ApiOkResponse({ type: StaffRightsRequestDto })
  updateRightsRequestStatus(
    @CurrentUser() staff: AuthUser,
    @Param() params: RightsRequestIdParamDto,
    @Body() body: UpdateRightsRequestStatusDto,
  ): Promise<StaffRightsRequestDto> {
    return this.commandBus.execute(new UpdateRightsRequestStatus(staff, params.requestId, body));
  }

  @Get('members/:userId/export')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'El mismo zip que "Descargar mis datos", para una solicitud recibida en recepción' })
  @ApiParam({ name: 'userId', description: 'Id del miembro' })
  @ApiProduces('application/zip')
  @ApiOkResponse({ description: 'El archivo zip', schema: { type: 'string', format: 'binary' } })
  async exportMemberData(@Param() params: MemberIdParamDto): Promise<StreamableFile> {
    const { fileName, stream } = await this.queryBus.execute(new ExportMemberDataForStaff(params.userId));
    return new StreamableFile(stream, { type: 'application/zip', disposition: `attachment; filename="${fileName}"` });
  }
}

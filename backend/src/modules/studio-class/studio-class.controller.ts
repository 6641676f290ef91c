import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { Roles } from '../../infrastructure/auth/roles.decorator';
import { ApiIdempotencyKeyReused, ApiMemberError, IDEMPOTENCY_HEADER, UNAUTHORIZED_MESSAGE } from '../../infrastructure/http/api-docs';
import { AssignStudioSensor } from './assign-studio-sensor.command';
import { ChooseStudioBoardName } from './choose-studio-board-name.command';
import {
  AssignStudioSensorDto,
  EndStudioClassDto,
  ForgetStrapParamDto,
  RecordStudioReadingsDto,
  RecordStudioReadingsResponseDto,
  RememberedStrapsDto,
  StartStudioClassDto,
  StudioBoardNameDto,
  StudioBoardNameResponseDto,
  StudioClassStateDto,
  StudioPeopleDto,
  StudioPeopleQueryDto,
} from './dto/studio-class.dto';
import { EndStudioClass } from './end-studio-class.command';
import { GetStudioBoardName } from './get-studio-board-name.query';
import { GetStudioClass } from './get-studio-class.query';
import { RecordStudioReadings } from './record-studio-readings.command';
import { ForgetRememberedStrap, ListRememberedStraps } from './remembered-straps.commands';
import { SearchStudioClassPeople } from './search-studio-class-people.query';
import { StartStudioClass } from './start-studio-class.command';
import { STUDIO_CLASS_MESSAGES } from './studio-class.rules';

/** Issue 19: the class on the studio board, run from the staff console (docs/staff-console.md). */
@ApiTags('staff')
@ApiBearerAuth()
@Roles('staff')
@Controller('staff/studio-class')
export class StudioClassController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'La clase de hoy, la clase en curso (o la última de hoy) y un recuadro por participante para la pantalla' })
  @ApiOkResponse({ type: StudioClassStateDto })
  getStudioClass(): Promise<StudioClassStateDto> {
    return this.queryBus.execute(new GetStudioClass());
  }

  @Post()
  @ApiOperation({
    summary: 'Inicia una de las clases de hoy (una clase a la vez)',
    description: 'Con slotId, los miembros con llegada registrada a esa clase reciben su banda recordada al iniciarla.',
  })
  @ApiOkResponse({ type: StudioClassStateDto })
  startStudioClass(@CurrentUser() staff: AuthUser, @Body() body: StartStudioClassDto): Promise<StudioClassStateDto> {
    return this.commandBus.execute(new StartStudioClass(staff, body));
  }

  @Get('people')
  @ApiOperation({ summary: 'Miembros por nombre o correo (con su consentimiento) y los invitados de clase gratis de hoy' })
  @ApiOkResponse({ type: StudioPeopleDto })
  searchStudioClassPeople(@Query() query: StudioPeopleQueryDto): Promise<StudioPeopleDto> {
    return this.queryBus.execute(new SearchStudioClassPeople(query.q));
  }

  @Put('assignments')
  @ApiOperation({ summary: 'Asigna un sensor a un miembro o a un invitado de hoy (con el aviso aceptado en recepción)' })
  @ApiOkResponse({ type: StudioClassStateDto })
  assignStudioSensor(@CurrentUser() staff: AuthUser, @Body() body: AssignStudioSensorDto): Promise<StudioClassStateDto> {
    return this.commandBus.execute(new AssignStudioSensor(staff, body));
  }

  @Get('straps')
  @ApiOperation({ summary: 'Las bandas recordadas de los miembros (con su consentimiento vigente): se asignan solas al iniciar su clase' })
  @ApiOkResponse({ type: RememberedStrapsDto })
  listRememberedStraps(): Promise<RememberedStrapsDto> {
    return this.queryBus.execute(new ListRememberedStraps());
  }

  @Delete('straps/:userId')
  @ApiOperation({ summary: 'Olvida la banda recordada de un miembro' })
  @ApiOkResponse({ type: RememberedStrapsDto })
  forgetRememberedStrap(@Param() params: ForgetStrapParamDto): Promise<RememberedStrapsDto> {
    return this.commandBus.execute(new ForgetRememberedStrap(params.userId));
  }

  @Post('readings')
  @HttpCode(200)
  @ApiOperation({ summary: 'Un lote de lecturas de 1 Hz del PC de la pantalla; reenviarlo no guarda nada dos veces' })
  @ApiOkResponse({ type: RecordStudioReadingsResponseDto })
  recordStudioReadings(@Body() body: RecordStudioReadingsDto): Promise<RecordStudioReadingsResponseDto> {
    return this.commandBus.execute(new RecordStudioReadings(body));
  }

  @Post('end')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Termina la clase: registra la clase de cada miembro, envía los resúmenes y marca "Asistió" a los invitados',
    description: `Terminarla otra vez no registra nada dos veces. ${STUDIO_CLASS_MESSAGES.memberWithoutConsent.split('.')[0]}: no se registra.`,
  })
  @ApiOkResponse({ type: StudioClassStateDto })
  endStudioClass(@CurrentUser() staff: AuthUser, @Body() body: EndStudioClassDto): Promise<StudioClassStateDto> {
    return this.commandBus.execute(new EndStudioClass(staff, body));
  }
}

/** The member's own choice for the class board. */
@ApiTags('studio-class')
@ApiBearerAuth()
@Controller('studio-class')
export class StudioBoardNameController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('board-name')
  @ApiOperation({ summary: 'Si el socio aparece con su nombre en la pantalla del estudio (si no, con sus iniciales)' })
  @ApiOkResponse({ type: StudioBoardNameResponseDto })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  getStudioBoardName(@CurrentUser() user: AuthUser): Promise<StudioBoardNameResponseDto> {
    return this.queryBus.execute(new GetStudioBoardName(user));
  }

  @Put('board-name')
  @ApiOperation({ summary: 'Aparecer con mi nombre en la pantalla del estudio (true) o solo con iniciales (false)' })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOkResponse({ type: StudioBoardNameResponseDto })
  @ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
  @ApiIdempotencyKeyReused()
  chooseStudioBoardName(
    @CurrentUser() user: AuthUser,
    @Body() body: StudioBoardNameDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<StudioBoardNameResponseDto> {
    return this.commandBus.execute(new ChooseStudioBoardName(user, body, idempotencyKey));
  }
}

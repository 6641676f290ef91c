import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../infrastructure/auth/roles.decorator';
import { ClearClassChange } from './clear-class-change.command';
import { CloseDay } from './close-day.command';
import { CreateClassType } from './create-class-type.command';
import { CreateWeeklySlot } from './create-weekly-slot.command';
import { DeleteClassType } from './delete-class-type.command';
import { DeleteWeeklySlot } from './delete-weekly-slot.command';
import {
  ClassChangeDto,
  ClassChangeInputDto,
  ClassChangeParamDto,
  ClassTypeDto,
  ClassTypeIdParamDto,
  ClassTypeInputDto,
  ClosureDateParamDto,
  ClosureDto,
  ClosureInputDto,
  SlotIdParamDto,
  StaffTimetableDto,
  WeeklySlotDto,
  WeeklySlotInputDto,
} from './dto/timetable.dto';
import { GetStaffTimetable } from './get-staff-timetable.query';
import { ReopenDay } from './reopen-day.command';
import { SetClassChange } from './set-class-change.command';
import { TIMETABLE_MESSAGES } from './timetable.rules';
import { UpdateClassType } from './update-class-type.command';
import { UpdateWeeklySlot } from './update-weekly-slot.command';

/** Staff: the studio's class types, weekly timetable, one-off changes and closed days, page "Horarios". */
@ApiTags('staff')
@ApiBearerAuth()
@Roles('staff')
@Controller('staff/timetable')
export class StaffTimetableController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Tipos de clase, horario semanal, cambios y días cerrados por venir, y las clases de esta semana y la próxima' })
  @ApiOkResponse({ type: StaffTimetableDto })
  getStaffTimetable(): Promise<StaffTimetableDto> {
    return this.queryBus.execute(new GetStaffTimetable(new Date()));
  }

  @Post('class-types')
  @ApiOperation({ summary: 'Crea un tipo de clase' })
  @ApiCreatedResponse({ type: ClassTypeDto })
  @ApiConflictResponse({ description: TIMETABLE_MESSAGES.nameTaken })
  createClassType(@Body() body: ClassTypeInputDto): Promise<ClassTypeDto> {
    return this.commandBus.execute(new CreateClassType(body));
  }

  @Put('class-types/:classTypeId')
  @ApiOperation({ summary: 'Cambia un tipo de clase' })
  @ApiOkResponse({ type: ClassTypeDto })
  updateClassType(@Param() params: ClassTypeIdParamDto, @Body() body: ClassTypeInputDto): Promise<ClassTypeDto> {
    return this.commandBus.execute(new UpdateClassType(params.classTypeId, body));
  }

  @Delete('class-types/:classTypeId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Borra un tipo de clase que ya no está en el horario semanal' })
  @ApiNoContentResponse({ description: 'Borrado' })
  @ApiConflictResponse({ description: TIMETABLE_MESSAGES.classTypeInUse })
  deleteClassType(@Param() params: ClassTypeIdParamDto): Promise<void> {
    return this.commandBus.execute(new DeleteClassType(params.classTypeId));
  }

  @Post('slots')
  @ApiOperation({ summary: 'Agrega una clase al horario semanal' })
  @ApiCreatedResponse({ type: WeeklySlotDto })
  @ApiConflictResponse({ description: TIMETABLE_MESSAGES.slotTaken })
  createWeeklySlot(@Body() body: WeeklySlotInputDto): Promise<WeeklySlotDto> {
    return this.commandBus.execute(new CreateWeeklySlot(body));
  }

  @Put('slots/:slotId')
  @ApiOperation({ summary: 'Cambia día, hora, clase o cupo de una clase del horario semanal' })
  @ApiOkResponse({ type: WeeklySlotDto })
  updateWeeklySlot(@Param() params: SlotIdParamDto, @Body() body: WeeklySlotInputDto): Promise<WeeklySlotDto> {
    return this.commandBus.execute(new UpdateWeeklySlot(params.slotId, body));
  }

  @Delete('slots/:slotId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Quita una clase del horario semanal' })
  @ApiNoContentResponse({ description: 'Quitada' })
  deleteWeeklySlot(@Param() params: SlotIdParamDto): Promise<void> {
    return this.commandBus.execute(new DeleteWeeklySlot(params.slotId));
  }

  @Put('changes')
  @ApiOperation({ summary: 'Cambia la hora o el cupo de una clase un día, o la cancela con un aviso' })
  @ApiOkResponse({ type: ClassChangeDto })
  setClassChange(@Body() body: ClassChangeInputDto): Promise<ClassChangeDto> {
    return this.commandBus.execute(new SetClassChange(body, new Date()));
  }

  @Delete('changes/:slotId/:date')
  @HttpCode(204)
  @ApiOperation({ summary: 'Devuelve la clase de ese día a como está en el horario semanal' })
  @ApiNoContentResponse({ description: 'Sin cambios ese día' })
  clearClassChange(@Param() params: ClassChangeParamDto): Promise<void> {
    return this.commandBus.execute(new ClearClassChange(params.slotId, params.date));
  }

  @Put('closures/:date')
  @ApiOperation({ summary: 'Cierra un día (feriado): no hay clases ese día' })
  @ApiOkResponse({ type: ClosureDto })
  closeDay(@Param() params: ClosureDateParamDto, @Body() body: ClosureInputDto): Promise<ClosureDto> {
    return this.commandBus.execute(new CloseDay(params.date, body.notice, new Date()));
  }

  @Delete('closures/:date')
  @HttpCode(204)
  @ApiOperation({ summary: 'Vuelve a abrir un día cerrado' })
  @ApiNoContentResponse({ description: 'Abierto' })
  reopenDay(@Param() params: ClosureDateParamDto): Promise<void> {
    return this.commandBus.execute(new ReopenDay(params.date));
  }
}

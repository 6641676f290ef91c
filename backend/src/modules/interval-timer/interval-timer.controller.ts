import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { ApiIdempotencyKeyReused, ApiMemberError, IDEMPOTENCY_HEADER, UNAUTHORIZED_MESSAGE } from '../../infrastructure/http/api-docs';
import { DeleteTimerPreset, TIMER_PRESET_ID_MESSAGE } from './delete-timer-preset.command';
import { CreateTimerPresetDto, DeleteTimerPresetResponseDto, TimerPresetResponseDto, TimerPresetsResponseDto } from './dto/interval-timer.dto';
import { TIMER_MESSAGES } from './interval-timer.rules';
import { ListTimerPresets } from './list-timer-presets.query';
import { SaveTimerPreset } from './save-timer-preset.command';

/** The member's own interval timers (ADR 0162); the built-in ones (Tabata, EMOM, AMRAP) live in the SPA's code. */
@ApiTags('interval-timer')
@ApiBearerAuth()
@ApiMemberError(401, 'Sin sesión', UNAUTHORIZED_MESSAGE, 'unauthorized')
@Controller('timer/presets')
export class IntervalTimerController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listTimerPresets', summary: 'Temporizadores guardados por el socio' })
  @ApiOkResponse({ type: TimerPresetsResponseDto, description: 'Sin temporizadores: lista vacía (nunca 404)' })
  listTimerPresets(@CurrentUser() user: AuthUser): Promise<TimerPresetsResponseDto> {
    return this.queryBus.execute(new ListTimerPresets(user));
  }

  @Post()
  @ApiOperation({ operationId: 'createTimerPreset', summary: 'Guardar un temporizador propio (trabajo, descanso, rondas, series)' })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiIdempotencyKeyReused()
  @ApiCreatedResponse({ type: TimerPresetResponseDto })
  @ApiMemberError(400, 'Cuerpo inválido', TIMER_MESSAGES.workSec, 'invalid', { field: 'workSec' })
  @ApiMemberError(409, 'Nombre repetido o demasiados temporizadores', TIMER_MESSAGES.nameTaken, 'conflict', { field: 'name' })
  createTimerPreset(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateTimerPresetDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<TimerPresetResponseDto> {
    return this.commandBus.execute(new SaveTimerPreset(user, body, idempotencyKey));
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ operationId: 'deleteTimerPreset', summary: 'Eliminar un temporizador propio' })
  @ApiParam({ name: 'id', description: 'Id del temporizador', example: '0d9e7a52-3c1b-4f7e-9d2a-6b8c4e1f0a37' })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiIdempotencyKeyReused()
  @ApiOkResponse({ type: DeleteTimerPresetResponseDto })
  @ApiMemberError(400, 'Id mal formado', TIMER_PRESET_ID_MESSAGE, 'invalid', { field: 'id' })
  @ApiMemberError(404, 'Temporizador ajeno, desconocido o ya eliminado', TIMER_MESSAGES.presetNotFound, 'not-found', { field: 'id' })
  deleteTimerPreset(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<DeleteTimerPresetResponseDto> {
    return this.commandBus.execute(new DeleteTimerPreset(user, id, idempotencyKey));
  }
}

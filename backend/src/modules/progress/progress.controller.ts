import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CurrentUser } from '../../infrastructure/auth/current-user.decorator';
import { ProgressListResponseDto, StatsResponseDto } from '../members/dto/progress.dto';
import { ProgressPageQueryDto } from './dto/progress-query.dto';
import { ProgressReadModel } from './progress.read-model';

const UNAUTHORIZED = { description: 'Sin sesión: `error` "Debes iniciar sesión para continuar."' };

/**
 * Spec section 7: the signed-in member's own figures and history. There is no member
 * id in the path: the caller's token decides whose data is read. Recording a
 * completion (`POST /api/progress/complete`) belongs to the members module.
 */
@ApiTags('progress')
@ApiBearerAuth()
@ApiUnauthorizedResponse(UNAUTHORIZED)
@Controller('progress')
export class ProgressController {
  constructor(private readonly progress: ProgressReadModel) {}

  @Get('stats')
  @ApiOperation({
    summary: 'Cifras del socio: totales, rachas, semana y mes (días de El Salvador), actividad reciente, planes activos y logros',
  })
  @ApiOkResponse({ type: StatsResponseDto })
  async getProgressStats(@CurrentUser() user: AuthUser): Promise<StatsResponseDto> {
    return { stats: await this.progress.statsFor(user.userId) };
  }

  @Get()
  @ApiOperation({ summary: 'Historial de entrenamientos completados, del más reciente al más antiguo, con paginación' })
  @ApiOkResponse({ type: ProgressListResponseDto })
  @ApiBadRequestResponse({
    description: 'limit u offset fuera de rango',
    schema: { example: { statusCode: 400, error: 'limit no puede ser mayor que 100.', message: 'limit no puede ser mayor que 100.', code: 'invalid' } },
  })
  async listProgress(@CurrentUser() user: AuthUser, @Query() query: ProgressPageQueryDto): Promise<ProgressListResponseDto> {
    return this.progress.listFor(user.userId, { limit: query.limit, offset: query.offset });
  }
}

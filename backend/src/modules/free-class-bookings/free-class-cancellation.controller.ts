import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ApiMemberError } from '../../infrastructure/http/api-docs';
import { Public } from '../../infrastructure/http/public.decorator';
import { CancelFreeClassByLink, GetFreeClassByLink } from './cancel-free-class.command';
import { FreeClassByLinkDto, FreeClassCancelLinkDto, FreeClassCancelledDto } from './dto/free-class-cancellation.dto';
import { FREE_CLASS_CANCEL_MESSAGES } from './free-class-cancel-links';
import { FreeClassRateLimitGuard } from './free-class-rate-limit.guard';

/**
 * A guest cancels their free class with the link of its confirmation email, without an account. The
 * token travels in the body, never in a URL the server logs; both routes count against the free-class
 * form's limit per address.
 */
@ApiTags('free-class-bookings')
@Public()
@Controller('free-class/cancellation')
@UseGuards(FreeClassRateLimitGuard)
export class FreeClassCancellationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('preview')
  @HttpCode(200)
  @ApiOperation({ summary: 'La clase gratis que nombra el enlace de cancelación, para confirmarla' })
  @ApiOkResponse({ type: FreeClassByLinkDto })
  @ApiMemberError(400, 'Enlace inválido o alterado', FREE_CLASS_CANCEL_MESSAGES.invalidLink, 'invalid', { field: 'token' })
  @ApiMemberError(404, 'Ya cancelada (o borrada por la retención)', FREE_CLASS_CANCEL_MESSAGES.notFound, 'not-found')
  @ApiTooManyRequestsResponse({ description: 'Demasiados intentos desde la misma IP' })
  previewFreeClassCancellation(@Body() body: FreeClassCancelLinkDto): Promise<FreeClassByLinkDto> {
    return this.queries.execute(new GetFreeClassByLink(body.token, new Date()));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancelar la clase gratis con el enlace del correo, hasta que empiece',
    description: 'Borra la reserva y sus correos y libera el lugar en la clase. Una segunda vez responde 404 y no cambia nada.',
  })
  @ApiOkResponse({ type: FreeClassCancelledDto })
  @ApiMemberError(400, 'Enlace inválido o alterado', FREE_CLASS_CANCEL_MESSAGES.invalidLink, 'invalid', { field: 'token' })
  @ApiMemberError(404, 'Ya cancelada (o borrada por la retención)', FREE_CLASS_CANCEL_MESSAGES.notFound, 'not-found')
  @ApiMemberError(409, 'La clase ya empezó', FREE_CLASS_CANCEL_MESSAGES.started, 'conflict')
  @ApiTooManyRequestsResponse({ description: 'Demasiados intentos desde la misma IP' })
  cancelFreeClass(@Body() body: FreeClassCancelLinkDto): Promise<FreeClassCancelledDto> {
    return this.commands.execute(new CancelFreeClassByLink(body.token, new Date()));
  }
}

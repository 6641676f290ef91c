import { Body, Controller, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../../infrastructure/http/public.decorator';
import { BookFreeClassCommand } from './book-free-class.command';
import { FreeClassRegisteredDto, RegisterFreeClassDto } from './dto/register-free-class.dto';
import { FreeClassRateLimitGuard } from './free-class-rate-limit.guard';

const SUCCESS = '¡Registro exitoso! Revisa tu correo para más detalles.';

/** The public free-class form (spec section 7: POST /users/register, no auth). */
@ApiTags('free-class-bookings')
@Public()
@Controller('users')
export class FreeClassBookingsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('register')
  @UseGuards(FreeClassRateLimitGuard)
  @ApiCreatedResponse({ type: FreeClassRegisteredDto, description: 'Clase gratis reservada; el correo de confirmación va en camino' })
  @ApiBadRequestResponse({ description: 'Datos inválidos: `error` explica el primer problema en español' })
  @ApiConflictResponse({ description: 'Ese DUI o ese correo ya tienen una clase gratis' })
  @ApiTooManyRequestsResponse({ description: 'Demasiados intentos desde la misma IP' })
  async registerForFreeClass(@Body() body: RegisterFreeClassDto, @Req() request: Request): Promise<FreeClassRegisteredDto> {
    const booking = await this.commands.execute(new BookFreeClassCommand(body, new Date(), request.ip ?? null));
    return { message: SUCCESS, booking };
  }
}

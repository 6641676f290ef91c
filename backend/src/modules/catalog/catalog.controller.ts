import { Controller, Get, Header, Param, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CatalogReadModel } from './catalog.read-model';
import { PlanListDto, RunningWorkoutDetailDto, RunningWorkoutListDto, WorkoutDetailDto, WorkoutListDto } from './dto/catalog.dto';

const NOT_FOUND_EXAMPLE = (message: string) => ({
  schema: { example: { statusCode: 404, error: message, message, code: 'not-found', details: { field: 'id' } } },
});
/** Revalidated on every use (the ETag answers 304): a photo or video the studio uploads shows at once (ADR 0221). */
const LIST_CACHE = 'private, no-cache';
const UNAUTHORIZED = { description: 'Sin sesión: `error` "Debes iniciar sesión para continuar."' };

/** The catalogue of spec section 7 for signed-in members; the answers come from memory. */
@ApiTags('catalog')
@ApiBearerAuth()
@ApiUnauthorizedResponse(UNAUTHORIZED)
@Controller()
export class CatalogController {
  constructor(private readonly catalog: CatalogReadModel) {}

  @Get('workouts')
  @ApiOperation({ summary: 'Biblioteca de entrenamientos con sus rondas y ejercicios' })
  @ApiOkResponse({ type: WorkoutListDto, description: 'Con ETag: un If-None-Match vigente recibe 304.' })
  listTrainingWorkouts(@Req() req: Request, @Res() res: Response): void {
    this.catalog.listBodies().workouts.send(req, res, LIST_CACHE);
  }

  @Get('workouts/:id')
  @Header('Cache-Control', LIST_CACHE)
  @ApiOperation({ summary: 'Un entrenamiento, tal como lo reproduce el reproductor de sesiones' })
  @ApiParam({ name: 'id', example: '9d2c61b4-7a0e-5c3f-9b2d-4e6a1f0c8d21' })
  @ApiOkResponse({ type: WorkoutDetailDto })
  @ApiNotFoundResponse({ description: 'Id desconocido o mal formado', ...NOT_FOUND_EXAMPLE('Entrenamiento no encontrado.') })
  getTrainingWorkout(@Param('id') id: string): WorkoutDetailDto {
    return { workout: this.catalog.getWorkout(id) };
  }

  @Get('running-workouts')
  @ApiOperation({ summary: 'Entrenamientos de carrera' })
  @ApiOkResponse({ type: RunningWorkoutListDto })
  listRunningWorkouts(@Req() req: Request, @Res() res: Response): void {
    this.catalog.listBodies().runningWorkouts.send(req, res, LIST_CACHE);
  }

  @Get('running-workouts/:id')
  @Header('Cache-Control', LIST_CACHE)
  @ApiOperation({ summary: 'Un entrenamiento de carrera' })
  @ApiParam({ name: 'id', example: '5a1e0c2b-8f3d-5b6a-a1c4-7d9e2f3b4c55' })
  @ApiOkResponse({ type: RunningWorkoutDetailDto })
  @ApiNotFoundResponse({ description: 'Id desconocido o mal formado', ...NOT_FOUND_EXAMPLE('Entrenamiento de carrera no encontrado.') })
  getRunningWorkout(@Param('id') id: string): RunningWorkoutDetailDto {
    return { workout: this.catalog.getRunningWorkout(id) };
  }

  @Get('plans')
  @ApiOperation({ summary: 'Planes con sus entrenamientos en orden' })
  @ApiOkResponse({ type: PlanListDto })
  listPlans(@Req() req: Request, @Res() res: Response): void {
    this.catalog.listBodies().plans.send(req, res, LIST_CACHE);
  }
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Far beyond any real history; larger values would overflow the database's integers. */
const MAX_OFFSET = 1_000_000;

/**
 * `GET /api/progress?limit&offset`. The integer check sits closest to the property so it
 * is evaluated and reported first: `limit=abc` says "debe ser un número entero", not a range.
 */
export class ProgressPageQueryDto {
  @ApiPropertyOptional({ example: 100, minimum: 1, maximum: 100, default: 100, description: 'Registros por página (la página de progreso pide 100).' })
  @IsOptional()
  @Type(() => Number)
  @Max(100, { message: 'limit no puede ser mayor que 100.' })
  @Min(1, { message: 'limit debe ser al menos 1.' })
  @IsInt({ message: 'limit debe ser un número entero.' })
  limit?: number;

  @ApiPropertyOptional({ example: 0, minimum: 0, default: 0, description: 'Registros que se saltan desde el más reciente.' })
  @IsOptional()
  @Type(() => Number)
  @Max(MAX_OFFSET, { message: `offset no puede ser mayor que ${MAX_OFFSET}.` })
  @Min(0, { message: 'offset no puede ser negativo.' })
  @IsInt({ message: 'offset debe ser un número entero.' })
  offset?: number;
}

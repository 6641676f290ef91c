import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Far beyond any real history; larger values would overflow the database's integers. */
export const MAX_OFFSET = 1_000_000;

/**
 * The optional `limit` of a paged query: an integer from 1 to `max`. The integer check is
 * applied last, so it is evaluated and reported first (`limit=abc` is a type error, not a range).
 */
export function PageLimit(max: number, docs: ApiPropertyOptions = {}): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ example: max, minimum: 1, maximum: max, ...docs } as ApiPropertyOptions),
    IsOptional(),
    Type(() => Number),
    Max(max, { message: `limit no puede ser mayor que ${max}.` }),
    Min(1, { message: 'limit debe ser al menos 1.' }),
    IsInt({ message: 'limit debe ser un número entero.' }),
  );
}

/** The optional `offset` of a paged query: rows skipped, from 0 to `MAX_OFFSET`. */
export function PageOffset(docs: ApiPropertyOptions = {}): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ example: 0, minimum: 0, ...docs } as ApiPropertyOptions),
    IsOptional(),
    Type(() => Number),
    Max(MAX_OFFSET, { message: `offset no puede ser mayor que ${MAX_OFFSET}.` }),
    Min(0, { message: 'offset no puede ser negativo.' }),
    IsInt({ message: 'offset debe ser un número entero.' }),
  );
}

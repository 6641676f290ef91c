import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from './idempotency-key';

/** An error answer as the HTTP filter writes it, for the OpenAPI examples of the routes. */
export function ApiMemberError(status: number, description: string, message: string, code: string, details?: Record<string, unknown>) {
  return applyDecorators(
    ApiResponse({
      status,
      description,
      schema: { example: { statusCode: status, error: message, message, code, ...(details ? { details } : {}) } },
    }),
  );
}

export const UNAUTHORIZED_MESSAGE = 'Debes iniciar sesión para continuar.';

export const IDEMPOTENCY_HEADER = { name: 'idempotency-key', required: false, description: 'UUID; un reintento con la misma clave se aplica una sola vez' };

/** The one Idempotency-Key rule of the member writes (ADR 0100): the same key for another request. */
export function ApiIdempotencyKeyReused() {
  return ApiMemberError(422, 'La misma Idempotency-Key con otra solicitud', IDEMPOTENCY_KEY_REUSED_MESSAGE, 'unprocessable', { field: 'Idempotency-Key' });
}

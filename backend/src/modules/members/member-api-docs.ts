import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';

/** An error answer as the HTTP filter writes it, for the OpenAPI examples of the member routes. */
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

import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ThrottlerException } from '@nestjs/throttler';
import { DomainError, DomainErrorCode } from '../../shared/domain-error';
import { CONSISTENCY_HEADER } from '../projections/read-your-writes.middleware';
import { redactUrl } from './log-redaction';

const statusOf: Record<DomainErrorCode, number> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthorized: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  'not-found': HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  unprocessable: HttpStatus.UNPROCESSABLE_ENTITY,
  'too-many-requests': HttpStatus.TOO_MANY_REQUESTS,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
  'too-large': HttpStatus.PAYLOAD_TOO_LARGE,
  'unsupported-media': HttpStatus.UNSUPPORTED_MEDIA_TYPE,
};

const defaultMessages: Record<number, string> = {
  400: 'La solicitud no es válida.',
  401: 'Debes iniciar sesión para continuar.',
  403: 'No tienes permiso para realizar esta acción.',
  404: 'Recurso no encontrado.',
  405: 'Método no permitido.',
  409: 'La solicitud entra en conflicto con el estado actual.',
  413: 'La solicitud es demasiado grande.',
  415: 'Tipo de contenido no soportado.',
  422: 'La solicitud no se puede procesar tal como se envió.',
  429: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
  500: 'Error interno del servidor. Por favor, inténtalo nuevamente.',
  503: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
};

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
  details?: Record<string, unknown>;
  requestId?: string;
}

/**
 * The single place where failures become HTTP answers. Every body carries the
 * Spanish `error` and `message` the SPA reads (spec sections 7 and 8); stack
 * traces, SQL and English framework texts never leave the server.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const response = context.getResponse<Response>();
    const request = context.getRequest<Request & { id?: string }>();
    const body = this.toBody(exception);
    body.requestId = typeof request.id === 'string' ? request.id : undefined;
    if (body.statusCode >= 500 && body.statusCode !== 503) {
      this.logger.error({ err: exception, requestId: body.requestId, path: redactUrl(request.originalUrl ?? request.url) }, 'Unhandled error');
    }
    if (exception instanceof DomainError && exception.code === 'too-many-requests' && exception.details?.retryAfterSeconds) {
      response.setHeader('Retry-After', String(exception.details.retryAfterSeconds));
    }
    // A failed request reports no consistency, even if a wait for projections ran before it failed.
    if (!response.headersSent) response.removeHeader(CONSISTENCY_HEADER);
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown): ErrorBody {
    if (exception instanceof DomainError) {
      const statusCode = statusOf[exception.code];
      return { statusCode, error: exception.message, message: exception.message, code: exception.code, details: exception.details };
    }
    if (exception instanceof ThrottlerException) {
      return { statusCode: 429, error: defaultMessages[429], message: defaultMessages[429], code: 'too-many-requests' };
    }
    if (exception instanceof HttpException) {
      // Framework exceptions (routing, guards, body parsing) carry English texts: answer in Spanish by status.
      const statusCode = exception.getStatus();
      const payload = exception.getResponse();
      const original = typeof payload === 'string' ? payload : String((payload as { message?: unknown }).message ?? '');
      const spanish =
        statusCode === 400 && /JSON/.test(original)
          ? 'El cuerpo de la solicitud no es JSON válido.'
          : (defaultMessages[statusCode] ?? defaultMessages[statusCode >= 500 ? 500 : 400]);
      const details = statusCode === 503 && typeof payload === 'object' ? (payload as Record<string, unknown>) : undefined;
      return { statusCode, error: spanish, message: spanish, details };
    }
    // body-parser errors carry a status (400 malformed JSON, 413 too large) but are not HttpExceptions.
    const status = (exception as { status?: unknown; type?: unknown })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const type = (exception as { type?: unknown }).type;
      const message = type === 'entity.parse.failed' ? 'El cuerpo de la solicitud no es JSON válido.' : (defaultMessages[status] ?? defaultMessages[400]);
      return { statusCode: status, error: message, message };
    }
    return { statusCode: 500, error: defaultMessages[500], message: defaultMessages[500] };
  }
}

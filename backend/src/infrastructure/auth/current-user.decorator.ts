import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { DomainError } from '../../shared/domain-error';
import type { AuthUser } from './auth-user';

/** The authenticated caller; only meaningful on routes that are not `@Public()`. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const user = context.switchToHttp().getRequest<Request & { user?: AuthUser }>().user;
  if (!user) throw new DomainError('unauthorized', 'Debes iniciar sesión para continuar.');
  return user;
});

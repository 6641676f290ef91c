import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { IS_PUBLIC } from '../http/public.decorator';
import { DomainError } from '../../shared/domain-error';
import type { AuthUser } from './auth-user';

/**
 * The one global guard: every route needs a valid bearer token unless it is marked
 * `@Public()`. Why a token was refused (expired, wrong issuer, unknown key…) is
 * deliberately not told to the caller.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    return super.canActivate(context);
  }

  override handleRequest<TUser = AuthUser>(error: unknown, user: TUser | false): TUser {
    if (error || !user) throw new DomainError('unauthorized', 'Debes iniciar sesión para continuar.');
    return user;
  }
}

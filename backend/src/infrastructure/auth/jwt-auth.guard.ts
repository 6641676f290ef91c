import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { IS_PUBLIC } from '../http/public.decorator';
import { DomainError } from '../../shared/domain-error';
import type { Request } from 'express';
import type { AuthUser } from './auth-user';
import { VerifiedTokens } from './verified-tokens';

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

  /** Headers verified in full recently: the next requests of the same session skip the signature check (ADR 0245). */
  private readonly verified = new VerifiedTokens();

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const authorization = request.headers?.authorization;
    if (typeof authorization !== 'string') return super.canActivate(context);
    const known = this.verified.get(authorization);
    if (known) {
      request.user = known;
      return true;
    }
    return this.verifyAndRemember(context, request, authorization);
  }

  private async verifyAndRemember(context: ExecutionContext, request: Request & { user?: AuthUser }, authorization: string): Promise<boolean> {
    const allowed = await (super.canActivate(context) as Promise<boolean>);
    if (allowed && request.user) this.verified.remember(authorization, request.user);
    return allowed;
  }

  override handleRequest<TUser = AuthUser>(error: unknown, user: TUser | false): TUser {
    if (error || !user) throw new DomainError('unauthorized', 'Debes iniciar sesión para continuar.');
    return user;
  }
}

import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { IS_PUBLIC, READS_CALLER } from '../http/public.decorator';
import { DomainError } from '../../shared/domain-error';
import type { Request } from 'express';
import type { AuthUser } from './auth-user';
import { Revocations } from './revocations';
import { VerifiedTokens } from './verified-tokens';

type AuthRequest = Request & { user?: AuthUser };

/**
 * The one global guard: every route needs a valid bearer token unless it is marked
 * `@Public()`. Why a token was refused (expired, wrong issuer, unknown key…) is
 * deliberately not told to the caller. A valid token of an erased member or of a
 * signed-out session is refused too, with its reason (ADR 0280).
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly revocations: Revocations,
  ) {
    super();
  }

  /** Headers verified in full recently: the next requests of the same session skip the signature check (ADR 0245). */
  private readonly verified = new VerifiedTokens();

  override canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean | typeof READS_CALLER | undefined>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<AuthRequest>();
    const authorization = request.headers?.authorization;
    if (isPublic) {
      if (isPublic !== READS_CALLER || typeof authorization !== 'string') return true;
      // Anyone may call it: a token that does not pass only means the caller stays unknown.
      return this.authenticate(context, request, authorization).then(
        () => true,
        () => {
          request.user = undefined;
          return true;
        },
      );
    }
    if (typeof authorization !== 'string') return super.canActivate(context) as Promise<boolean>;
    const known = this.verified.get(authorization);
    if (known) {
      request.user = known;
      const looking = this.revocations.current();
      return looking ? looking.then(() => this.admit(known)) : this.admit(known);
    }
    return this.authenticate(context, request, authorization);
  }

  private async authenticate(context: ExecutionContext, request: AuthRequest, authorization: string): Promise<boolean> {
    const allowed = await (super.canActivate(context) as Promise<boolean>);
    if (!allowed || !request.user) return allowed;
    this.verified.remember(authorization, request.user);
    await this.revocations.current();
    return this.admit(request.user);
  }

  /** Every request, a token taken on trust included, is checked against the revocations. */
  private admit(user: AuthUser): true {
    const refusal = this.revocations.refusal(user);
    if (refusal) throw refusal;
    return true;
  }

  override handleRequest<TUser = AuthUser>(error: unknown, user: TUser | false): TUser {
    if (error || !user) throw new DomainError('unauthorized', 'Debes iniciar sesión para continuar.');
    return user;
  }
}

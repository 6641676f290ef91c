import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { DomainError } from '../../shared/domain-error';
import type { AuthUser, Role } from './auth-user';
import { ROLES } from './roles.decorator';

/** Runs after JwtAuthGuard (registration order in AuthModule), so `request.user` is already set. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const required = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, [context.getHandler(), context.getClass()]);
    if (!required?.length) return true;
    const user = context.switchToHttp().getRequest<Request & { user?: AuthUser }>().user;
    if (!user) throw new DomainError('unauthorized', 'Debes iniciar sesión para continuar.');
    if (!required.includes(user.role)) throw new DomainError('forbidden', 'No tienes permiso para realizar esta acción.');
    return true;
  }
}

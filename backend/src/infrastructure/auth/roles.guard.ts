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
    // The staff console opens only to a session confirmed with a second factor (ADR 0210).
    if (user.role === 'staff' && required.includes('staff') && !user.secondFactor) {
      throw new DomainError('forbidden', 'Confirma tu inicio de sesión con la verificación en dos pasos para entrar a la consola.', {
        reason: 'second_factor_required',
      });
    }
    return true;
  }
}

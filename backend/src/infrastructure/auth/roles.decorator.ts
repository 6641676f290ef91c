import { SetMetadata } from '@nestjs/common';
import type { Role } from './auth-user';

export const ROLES = 'pulso:roles';

/** Restricts a route (or a whole controller) to callers holding one of these roles. */
export const Roles = (...roles: Role[]): MethodDecorator & ClassDecorator => SetMetadata(ROLES, roles);

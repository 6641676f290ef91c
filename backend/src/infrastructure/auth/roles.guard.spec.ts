import { Controller, ExecutionContext, Get } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '../../shared/domain-error';
import type { AuthUser } from './auth-user';
import { Roles } from './roles.decorator';
import { RolesGuard } from './roles.guard';

@Roles('staff')
@Controller()
class StaffOnlyController {
  @Get()
  list() {
    return [];
  }
}

@Controller()
class OpenController {
  @Get()
  list() {
    return [];
  }
}

function contextFor(controller: new () => object, user?: Partial<AuthUser>): ExecutionContext {
  return {
    getClass: () => controller,
    getHandler: () => controller.prototype.list,
    switchToHttp: () => ({ getRequest: () => ({ user }) }),
  } as unknown as ExecutionContext;
}

describe('RolesGuard', () => {
  const guard = new RolesGuard(new Reflector());

  it('lets staff into staff routes', () => {
    expect(guard.canActivate(contextFor(StaffOnlyController, { role: 'staff', secondFactor: true }))).toBe(true);
  });

  it('refuses staff whose session was not confirmed with a second factor', () => {
    try {
      guard.canActivate(contextFor(StaffOnlyController, { role: 'staff', secondFactor: false }));
    } catch (error) {
      expect((error as DomainError).code).toBe('forbidden');
      expect((error as DomainError).details).toEqual({ reason: 'second_factor_required' });
    }
    expect.assertions(2);
  });

  it('does not ask members for a second factor on open routes', () => {
    expect(guard.canActivate(contextFor(OpenController, { role: 'staff', secondFactor: false }))).toBe(true);
  });

  it('refuses members with 403 and the anonymous with 401', () => {
    const member = () => guard.canActivate(contextFor(StaffOnlyController, { role: 'member' }));
    expect(member).toThrow(DomainError);
    expect(member).toThrow('No tienes permiso para realizar esta acción.');
    try {
      guard.canActivate(contextFor(StaffOnlyController));
    } catch (error) {
      expect((error as DomainError).code).toBe('unauthorized');
    }
    expect.assertions(3);
  });

  it('does not restrict routes without @Roles', () => {
    expect(guard.canActivate(contextFor(OpenController, { role: 'member' }))).toBe(true);
  });
});

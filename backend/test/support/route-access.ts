import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { ROLES } from '../../src/infrastructure/auth/roles.decorator';
import { IS_PUBLIC } from '../../src/infrastructure/http/public.decorator';
import type { TestApp } from './test-app';

export type Access = 'public' | 'member' | 'staff';

/** What the running application declares: `@Public()` and `@Roles('staff')` per operation key. */
export function declaredAccess(t: TestApp): Map<string, Access> {
  const access = new Map<string, Access>();
  const join = (...parts: string[]) =>
    `/${parts
      .flatMap((part) => part.split('/'))
      .filter(Boolean)
      .join('/')}`;
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
      if (!controller?.prototype) continue;
      const base = Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || name === 'constructor') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (path === undefined || method === undefined) continue;
        const isPublic = Reflect.getMetadata(IS_PUBLIC, handler) ?? Reflect.getMetadata(IS_PUBLIC, controller);
        const roles = (Reflect.getMetadata(ROLES, handler) ?? Reflect.getMetadata(ROLES, controller)) as string[] | undefined;
        const bases = Array.isArray(base) ? base : [base ?? ''];
        const paths = Array.isArray(path) ? path : [path];
        for (const b of bases) {
          for (const p of paths) {
            const route = join('api', b, p).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
            access.set(`${RequestMethod[method]} ${route}`, isPublic ? 'public' : roles?.includes('staff') ? 'staff' : 'member');
          }
        }
      }
    }
  }
  return access;
}

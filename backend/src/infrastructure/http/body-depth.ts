import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../../shared/domain-error';

/** Far deeper than any form of the product (a profile's goals sit at depth 3). */
export const MAX_BODY_DEPTH = 32;

export const TOO_DEEP_MESSAGE = 'La solicitud tiene demasiados niveles de anidación.';

/**
 * Whether a parsed JSON value nests objects or arrays deeper than `limit`. Walked with an
 * explicit stack, never by recursion: the point is to refuse what would overflow the call
 * stack of the recursive code behind it (class-transformer, class-validator, our own walks).
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const item of Object.values(current)) pending.push({ value: item, depth: depth + 1 });
  }
  return false;
}

/**
 * Runs right after the JSON body parser, before anything recursive reads the body: a body
 * nested 2,000 levels deep used to end in "Maximum call stack size exceeded" and a 500.
 */
export function refuseDeepBodies(request: Request, _response: Response, next: NextFunction): void {
  if (nestsDeeperThan(request.body, MAX_BODY_DEPTH)) {
    next(new DomainError('invalid', TOO_DEEP_MESSAGE, { fields: [{ field: 'body', message: TOO_DEEP_MESSAGE }] }));
    return;
  }
  next();
}

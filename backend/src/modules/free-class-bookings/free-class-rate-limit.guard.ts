import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DomainError } from '../../shared/domain-error';
import { ClientRateLimiter } from './client-rate-limiter';

/** Attempts per client IP and window on the public booking route (ADR 0031). */
export const FREE_CLASS_ATTEMPTS_PER_WINDOW = 10;
export const FREE_CLASS_WINDOW_MS = 15 * 60 * 1000;

/**
 * Runs before validation, so malformed attempts count too: the limit is on what a
 * client can make the server do (and mail), not on successful bookings.
 */
@Injectable()
export class FreeClassRateLimitGuard implements CanActivate {
  private readonly limiter = new ClientRateLimiter(FREE_CLASS_ATTEMPTS_PER_WINDOW, FREE_CLASS_WINDOW_MS);

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const verdict = this.limiter.hit(request.ip ?? 'unknown', Date.now());
    if (!verdict.allowed) {
      throw new DomainError(
        'too-many-requests',
        'Demasiados intentos de registro desde tu conexión. Espera unos minutos e inténtalo de nuevo.',
        { retryAfterSeconds: verdict.retryAfterSeconds },
      );
    }
    return true;
  }
}

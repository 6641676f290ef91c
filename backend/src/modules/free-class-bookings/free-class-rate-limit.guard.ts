import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { RateLimit, RateLimits } from '../../infrastructure/rate-limits/rate-limits';
import { DomainError } from '../../shared/domain-error';

/** Attempts per client address and window on the public booking route (ADRs 0031, 0285). */
export const FREE_CLASS_ATTEMPTS_PER_WINDOW = 10;
export const FREE_CLASS_WINDOW_MS = 15 * 60 * 1000;

/**
 * Runs before validation, so malformed attempts count too: the limit is on what a client can
 * make the server do (and mail), not on successful bookings. The address is Express's `req.ip`
 * under `TRUST_PROXY`; the count is shared by every instance.
 */
@Injectable()
export class FreeClassRateLimitGuard implements CanActivate {
  private readonly limit: RateLimit;

  constructor(limits: RateLimits) {
    this.limit = limits.rule({ name: 'free-class-booking', limit: FREE_CLASS_ATTEMPTS_PER_WINDOW, windowMs: FREE_CLASS_WINDOW_MS });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const retryAfterSeconds = await this.limit.consume(request.ip ?? 'unknown');
    if (retryAfterSeconds > 0) {
      throw new DomainError('too-many-requests', 'Demasiados intentos de registro desde tu conexión. Espera unos minutos e inténtalo de nuevo.', {
        retryAfterSeconds,
      });
    }
    return true;
  }
}

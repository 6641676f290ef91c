import { Injectable } from '@nestjs/common';

export interface ReadinessReport {
  ok: boolean;
  details?: Record<string, unknown>;
}

/**
 * Parts of the app that can make it unready (the event store, the projections)
 * register a check here; /api/health/ready reports every one of them.
 */
@Injectable()
export class ReadinessRegistry {
  private readonly checks = new Map<string, () => Promise<ReadinessReport>>();

  register(name: string, check: () => Promise<ReadinessReport>): void {
    this.checks.set(name, check);
  }

  entries(): [string, () => Promise<ReadinessReport>][] {
    return [...this.checks.entries()];
  }
}

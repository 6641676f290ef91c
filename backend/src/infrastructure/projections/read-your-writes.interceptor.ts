import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { concatMap, Observable } from 'rxjs';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { EventStore } from '../event-store/event-store.port';
import { trackWrites, Written } from '../event-store/written-positions';
import { ProjectionEngine } from './projection-engine';

export const CONSISTENCY_HEADER = 'X-Read-Your-Writes';

/**
 * Holds a mutation's answer until the projections that handle the events it
 * appended have passed its position, so the SPA's refetch after it sees its own
 * write (ADR 0017). The wait is bounded (READ_YOUR_WRITES_TIMEOUT_MS); the answer
 * then still succeeds, with `X-Read-Your-Writes: pending; projections=a,b` instead
 * of `X-Read-Your-Writes: ok` (docs/events.md).
 */
@Injectable()
export class ReadYourWritesInterceptor implements NestInterceptor {
  constructor(
    private readonly engine: ProjectionEngine,
    private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const response = context.switchToHttp().getResponse<Response>();
    const written: Written[] = [];
    return new Observable((subscriber) => {
      // The handler runs when this subscribes, inside the tracking scope.
      const subscription = trackWrites(written, () =>
        next
          .handle()
          .pipe(
            concatMap(async (value: unknown) => {
              await this.settle(written, response);
              return value;
            }),
          )
          .subscribe(subscriber),
      );
      return () => subscription.unsubscribe();
    });
  }

  private async settle(written: Written[], response: Response): Promise<void> {
    if (written.length === 0) return;
    const position = written.map((entry) => entry.position).reduce((a, b) => (this.store.comparePositions(a, b) >= 0 ? a : b));
    const eventTypes = [...new Set(written.flatMap((entry) => entry.eventTypes))];
    const result = await this.engine.waitFor(position, { eventTypes }, this.config.eventStore.readYourWritesTimeoutMs);
    if (!response.headersSent) {
      response.setHeader(CONSISTENCY_HEADER, result.reached ? 'ok' : `pending; projections=${result.pending.join(',')}`);
    }
  }
}

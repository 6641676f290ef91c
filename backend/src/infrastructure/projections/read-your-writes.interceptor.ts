import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { Observable, tap } from 'rxjs';
import type { WaitResult } from './projection-engine';
import { trackWaits } from './read-your-writes';

export const CONSISTENCY_HEADER = 'X-Read-Your-Writes';

/**
 * Reports in the answer of a mutation whether the read models held its writes when it left:
 * `X-Read-Your-Writes: ok`, or `pending; projections=a,b` when a writer's bounded wait ran out
 * (docs/events.md). The waiting itself happened in the writer (read-your-writes.ts).
 */
@Injectable()
export class ReadYourWritesInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const response = context.switchToHttp().getResponse<Response>();
    const outcomes: WaitResult[] = [];
    return new Observable((subscriber) => {
      // The handler runs when this subscribes, inside the tracking scope.
      const subscription = trackWaits(outcomes, () =>
        next
          .handle()
          .pipe(tap(() => report(outcomes, response)))
          .subscribe(subscriber),
      );
      return () => subscription.unsubscribe();
    });
  }
}

function report(outcomes: WaitResult[], response: Response): void {
  if (outcomes.length === 0 || response.headersSent) return;
  const pending = [...new Set(outcomes.flatMap((outcome) => outcome.pending))];
  response.setHeader(CONSISTENCY_HEADER, pending.length === 0 ? 'ok' : `pending; projections=${pending.join(',')}`);
}

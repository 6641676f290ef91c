import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { runAlone } from '../../infrastructure/database/job-lock';
import { localDateOf } from '../../shared/studio-day';
import { MemberStreams } from '../members/member-streams';
import { decideStudioMembership } from './membership.decider';
import { MembershipsReadModel } from './memberships.read-model';

/** How often the sweep looks for memberships past their last day. */
export const EXPIRY_TICK_MS = 60 * 60 * 1000;
/** Memberships expired per pass at most; the next pass takes the rest. */
const EXPIRY_BATCH = 500;

/**
 * Records `MembershipExpired` on the holder's stream once a membership's last day has passed
 * (ADR 0350): hourly and once after boot, one instance at a time (ADR 0286), never during tests
 * unless called. Each holder's expiry is decided on the stream, so a sale or a freeze that came
 * first wins and the sweep records nothing for it. Reads never wait for it: a membership past its
 * last day already reads as expired.
 */
@Injectable()
export class MembershipExpiryScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MembershipExpiryScheduler.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly memberships: MembershipsReadModel,
    private readonly members: MemberStreams,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.env === 'test') return;
    const run = () => void this.sweep().catch((error: unknown) => this.logger.error(error));
    setTimeout(run, 45_000).unref();
    this.timer = setInterval(run, EXPIRY_TICK_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass at `now`: how many memberships it expired (0 when another instance held the pass). */
  sweep(now: Date = new Date()): Promise<number> {
    if (this.running) return this.running;
    this.running = runAlone(this.pool, 'membership-expiry', () => this.run(now))
      .then((pass) => (pass.ran ? pass.result : 0))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async run(now: Date): Promise<number> {
    let expired = 0;
    for (const userId of await this.memberships.pastTheirLastDay(localDateOf(now), EXPIRY_BATCH)) {
      try {
        const written = await this.members.write({
          user: { userId, email: '', firstName: '', lastName: '', role: 'member', secondFactor: false },
          actedBy: { userId: 'system', role: 'staff', name: 'Vencimiento automático' },
          kind: 'expire-membership',
          idempotencyKey: undefined,
          input: { at: localDateOf(now) },
          decide: decideStudioMembership,
          command: (_commandId, at) => ({ type: 'ExpireMembership', data: { now: at } }),
        });
        if (written.events.length > 0 && !written.replayed) expired++;
      } catch (error) {
        this.logger.warn(`No se registró el vencimiento de la membresía de ${userId}: ${(error as Error).message}`);
      }
    }
    return expired;
  }
}

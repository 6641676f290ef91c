import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '../../infrastructure/http/public.decorator';
import { ReadinessRegistry } from '../../infrastructure/readiness.registry';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly registry: ReadinessRegistry,
  ) {}

  /** The process is up and serving HTTP. */
  @Get('live')
  @ApiOkResponse({ schema: { example: { status: 'ok' } } })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The database, the event store and every projection are usable. */
  @Get('ready')
  @HealthCheck()
  @ApiOkResponse({ description: 'Listo para atender' })
  @ApiServiceUnavailableResponse({ description: 'Alguna dependencia no está lista' })
  ready() {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: 1500 }),
      ...this.registry.entries().map(([name, check]) => async () => {
        const session = this.indicators.check(name);
        const report = await check().catch((error: unknown) => ({ ok: false, details: { message: String(error) } }));
        return report.ok ? session.up(report.details) : session.down(report.details);
      }),
    ]);
  }
}

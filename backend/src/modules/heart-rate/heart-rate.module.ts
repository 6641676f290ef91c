import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { CatalogModule } from '../catalog/catalog.module';
import { EmailPreferencesModule } from '../email-preferences/email-preferences.module';
import { MembersModule } from '../members/members.module';
import { DeleteHeartRateSeriesHandler } from './delete-heart-rate-series.command';
import { GetHeartRateProfileHandler } from './get-heart-rate-profile.query';
import { HeartRateController } from './heart-rate.controller';
import { HeartRateReadModel } from './heart-rate.read-model';
import { memberHeartRateProjection } from './member-heart-rate.projection';
import { SendPerformanceSummaryHandler } from './send-performance-summary.handler';
import { StoreHeartRateSeriesHandler } from './store-heart-rate-series.command';
import { UpdateHeartRateConsentHandler } from './update-heart-rate-consent.command';

/** Heart rate in the members' platform (issue 18): consent on the member's stream, the zones and points rules, the sessions' readings. */
@Module({
  imports: [MembersModule, CatalogModule, EmailPreferencesModule],
  controllers: [HeartRateController],
  providers: [HeartRateReadModel, GetHeartRateProfileHandler, UpdateHeartRateConsentHandler, StoreHeartRateSeriesHandler, DeleteHeartRateSeriesHandler, SendPerformanceSummaryHandler],
})
export class HeartRateModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionEngine) {}

  onModuleInit(): void {
    this.projections.register(memberHeartRateProjection);
  }
}

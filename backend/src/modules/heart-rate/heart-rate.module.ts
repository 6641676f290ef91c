import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { CatalogModule } from '../catalog/catalog.module';
import { EmailPreferencesModule } from '../email-preferences/email-preferences.module';
import { MembersModule } from '../members/members.module';
import { DeleteHeartRateSeriesHandler } from './delete-heart-rate-series.command';
import { GetHeartRateProfileHandler } from './get-heart-rate-profile.query';
import { GetHeartRateReadingsHandler } from './get-heart-rate-readings.query';
import { HeartRateController, StaffHeartRateConsentController } from './heart-rate.controller';
import { HeartRateReadModel } from './heart-rate.read-model';
import { memberHeartRateProjection } from './member-heart-rate.projection';
import { RecordHeartRateConsentAtDeskHandler } from './record-heart-rate-consent-at-desk.command';
import { SendPerformanceSummaryHandler } from './send-performance-summary.handler';
import { StoreHeartRateSeriesHandler } from './store-heart-rate-series.command';
import { SetMeasuredMaxHeartRateHandler } from './set-measured-max-heart-rate.command';
import { UpdateHeartRateConsentHandler } from './update-heart-rate-consent.command';

/** Heart rate in the members' platform (issue 18): consent on the member's stream, the zones and points rules, the sessions' readings. */
@Module({
  imports: [MembersModule, CatalogModule, EmailPreferencesModule],
  controllers: [HeartRateController, StaffHeartRateConsentController],
  providers: [
    HeartRateReadModel,
    GetHeartRateProfileHandler,
    GetHeartRateReadingsHandler,
    UpdateHeartRateConsentHandler,
    RecordHeartRateConsentAtDeskHandler,
    SetMeasuredMaxHeartRateHandler,
    StoreHeartRateSeriesHandler,
    DeleteHeartRateSeriesHandler,
    SendPerformanceSummaryHandler,
  ],
  // Progress reads the consent for the stats' heart-rate figures.
  exports: [HeartRateReadModel],
})
export class HeartRateModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionEngine) {}

  onModuleInit(): void {
    this.projections.register(memberHeartRateProjection);
  }
}

import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { CatalogModule } from '../catalog/catalog.module';
import { memberProgressProjection } from './member-progress.projection';
import { ProgressController } from './progress.controller';
import { progressRecordsProjection } from './progress-records.projection';
import { ProgressReadModel } from './progress.read-model';

/** The read side of workout completions: history, figures, streaks and achievements. */
@Module({
  imports: [CatalogModule],
  controllers: [ProgressController],
  providers: [ProgressReadModel],
  exports: [ProgressReadModel],
})
export class ProgressModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionEngine) {}

  onModuleInit(): void {
    this.projections.register(progressRecordsProjection);
    this.projections.register(memberProgressProjection);
  }
}

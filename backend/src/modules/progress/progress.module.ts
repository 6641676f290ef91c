import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { CatalogModule } from '../catalog/catalog.module';
import { HeartRateModule } from '../heart-rate/heart-rate.module';
import { MembersModule } from '../members/members.module';
import { CompleteWorkoutHandler } from './complete-workout.command';
import { GetProgressStatsHandler } from './get-progress-stats.query';
import { ListProgressHandler } from './list-progress.query';
import { memberProgressProjection } from './member-progress.projection';
import { ProgressController } from './progress.controller';
import { progressRecordsProjection } from './progress-records.projection';
import { ProgressReadModel } from './progress.read-model';

/** Workout completions: recording them on the member's stream, and their history, figures, streaks and achievements. */
@Module({
  imports: [CatalogModule, MembersModule, HeartRateModule],
  controllers: [ProgressController],
  providers: [ProgressReadModel, CompleteWorkoutHandler, GetProgressStatsHandler, ListProgressHandler],
  exports: [ProgressReadModel],
})
export class ProgressModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionEngine) {}

  onModuleInit(): void {
    this.projections.register(progressRecordsProjection);
    this.projections.register(memberProgressProjection);
  }
}

import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { MembersModule } from '../members/members.module';
import { DeleteTimerPresetHandler } from './delete-timer-preset.command';
import { IntervalTimerController } from './interval-timer.controller';
import { ListTimerPresetsHandler } from './list-timer-presets.query';
import { memberTimerPresetsProjection } from './member-timer-presets.projection';
import { SaveTimerPresetHandler } from './save-timer-preset.command';
import { TimerPresetsReadModel } from './timer-presets.read-model';

/** The interval timer's server side: the members' own presets on their stream (ADR 0162). Its completions go through progress. */
@Module({
  imports: [MembersModule],
  controllers: [IntervalTimerController],
  providers: [TimerPresetsReadModel, ListTimerPresetsHandler, SaveTimerPresetHandler, DeleteTimerPresetHandler],
})
export class IntervalTimerModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionEngine) {}

  onModuleInit(): void {
    this.projections.register(memberTimerPresetsProjection);
  }
}

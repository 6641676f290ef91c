import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { HeartRateModule } from '../heart-rate/heart-rate.module';
import { MembersModule } from '../members/members.module';
import { AssignStudioSensorHandler } from './assign-studio-sensor.command';
import { ChooseStudioBoardNameHandler } from './choose-studio-board-name.command';
import { EndStudioClassHandler } from './end-studio-class.command';
import { GetStudioBoardNameHandler } from './get-studio-board-name.query';
import { GetStudioClassHandler } from './get-studio-class.query';
import { RecordStudioReadingsHandler } from './record-studio-readings.command';
import { SearchStudioClassPeopleHandler } from './search-studio-class-people.query';
import { StartStudioClassHandler } from './start-studio-class.command';
import { studioBoardNamesProjection } from './studio-board-names.projection';
import { StudioClassView } from './studio-class-view';
import { StudioBoardNameController, StudioClassController } from './studio-class.controller';
import { StudioClassReadModel } from './studio-class.read-model';

/**
 * Issue 19: the class on the studio board — the session and its readings on the server
 * (ADR 0181), the end of class into the members' streams (ADR 0180), the board's names (ADR 0183).
 */
@Module({
  imports: [MembersModule, HeartRateModule],
  controllers: [StudioClassController, StudioBoardNameController],
  providers: [
    StudioClassReadModel,
    StudioClassView,
    GetStudioClassHandler,
    SearchStudioClassPeopleHandler,
    StartStudioClassHandler,
    AssignStudioSensorHandler,
    RecordStudioReadingsHandler,
    EndStudioClassHandler,
    ChooseStudioBoardNameHandler,
    GetStudioBoardNameHandler,
  ],
})
export class StudioClassModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionEngine) {}

  onModuleInit(): void {
    this.projections.register(studioBoardNamesProjection);
  }
}

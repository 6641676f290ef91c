import { Module, OnModuleInit, type DynamicModule, type Type } from '@nestjs/common';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { HeartRateModule } from '../heart-rate/heart-rate.module';
import { MembersModule } from '../members/members.module';
import { AssignStudioSensorHandler } from './assign-studio-sensor.command';
import { ClassCheckIns, NoClassCheckIns } from './class-check-ins';
import { ChooseStudioBoardNameHandler } from './choose-studio-board-name.command';
import { EndStudioClassHandler } from './end-studio-class.command';
import { GetStudioBoardNameHandler } from './get-studio-board-name.query';
import { GetStudioClassHandler } from './get-studio-class.query';
import { RecordStudioReadingsHandler } from './record-studio-readings.command';
import { RememberedStraps } from './remembered-straps';
import { ForgetRememberedStrapHandler, ListRememberedStrapsHandler } from './remembered-straps.commands';
import { AssignStrapAtCheckInHandler, ForgetStrapHandler } from './remembered-straps.handlers';
import { SearchStudioClassPeopleHandler } from './search-studio-class-people.query';
import { StartStudioClassHandler } from './start-studio-class.command';
import { studioBoardNamesProjection } from './studio-board-names.projection';
import { StudioClassView } from './studio-class-view';
import { StudioBoardNameController, StudioClassController } from './studio-class.controller';
import { StudioClassReadModel } from './studio-class.read-model';

/** What another module gives the board: who is checked in for a class, and each new check-in (ADR 0371). */
export { ClassCheckIns, MemberCheckedInToClass } from './class-check-ins';

/**
 * Issue 19: the class on the studio board — the session and its readings on the server
 * (ADR 0181), the end of class into the members' streams (ADR 0180), the board's names (ADR 0183).
 * Issue 40: the members' remembered straps (ADR 0370) given at the start of a timetable class to
 * those checked in for it, and at check-in to those who arrive later (ADR 0371).
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
    RememberedStraps,
    ListRememberedStrapsHandler,
    ForgetRememberedStrapHandler,
    ForgetStrapHandler,
    AssignStrapAtCheckInHandler,
    // Who is checked in for a class: the booking module's `CheckedInMembers` replaces this (ADR 0371).
    { provide: ClassCheckIns, useClass: NoClassCheckIns },
  ],
})
export class StudioClassModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionEngine) {}

  /**
   * The module with who is checked in for a class read from another module (ADR 0371): in
   * AppModule, `StudioClassModule.checkedInBy(BookingModule, CheckedInMembers)` in place of
   * `StudioClassModule`, where `BookingModule` exports `CheckedInMembers` (a `ClassCheckIns`).
   * The feature folders never import each other both ways: the booking module only imports
   * `class-check-ins.ts` from here.
   */
  static checkedInBy(module: Type, checkIns: Type<ClassCheckIns>): DynamicModule {
    return { module: StudioClassModule, imports: [module], providers: [{ provide: ClassCheckIns, useExisting: checkIns }] };
  }

  onModuleInit(): void {
    this.projections.register(studioBoardNamesProjection);
  }
}

import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { CatalogModule } from '../catalog/catalog.module';
import { EnrollmentsController } from './enrollments.controller';
import { memberEnrollmentsProjection } from './member-enrollments.projection';
import { MemberEnrollmentsReadModel } from './member-enrollments.read-model';
import { memberProfileProjection } from './member-profile.projection';
import { PlatformUsersController } from './platform-users.controller';
import { ProgressCommandsController } from './progress-commands.controller';

/** The member stream's write side and the read models that serve it. */
@Module({
  imports: [CatalogModule],
  controllers: [PlatformUsersController, EnrollmentsController, ProgressCommandsController],
  providers: [MemberEnrollmentsReadModel],
  exports: [MemberEnrollmentsReadModel],
})
export class MembersModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionEngine) {}

  onModuleInit(): void {
    this.projections.register(memberProfileProjection);
    this.projections.register(memberEnrollmentsProjection);
  }
}

import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { memberProfileProjection } from './member-profile.projection';
import { PlatformUsersController } from './platform-users.controller';

/** The member stream's write side and the read models that serve it. */
@Module({ controllers: [PlatformUsersController] })
export class MembersModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionEngine) {}

  onModuleInit(): void {
    this.projections.register(memberProfileProjection);
  }
}

import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller';
import { CatalogReadModel } from './catalog.read-model';
import { MediaController } from './media.controller';

/** Workouts, running workouts, plans and their media: plain tables seeded from the repo. */
@Module({
  controllers: [CatalogController, MediaController],
  providers: [CatalogReadModel],
  exports: [CatalogReadModel],
})
export class CatalogModule {}

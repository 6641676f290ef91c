import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller';
import { CatalogReadModel } from './catalog.read-model';
import { ListMediaHandler } from './list-media.query';
import { MediaController } from './media.controller';
import { MediaUploadInterceptor } from './media-upload.interceptor';
import { MediaUploadStore } from './media-uploads';
import { RevertMediaHandler } from './revert-media.command';
import { StaffMediaController } from './staff-media.controller';
import { UploadMediaHandler } from './upload-media.command';

/**
 * Workouts, running workouts, plans and their media: plain tables seeded from the repo, plus the
 * studio's own photos and videos uploaded from the staff console (ADR 0221).
 */
@Module({
  controllers: [CatalogController, MediaController, StaffMediaController],
  providers: [CatalogReadModel, MediaUploadStore, MediaUploadInterceptor, UploadMediaHandler, RevertMediaHandler, ListMediaHandler],
  exports: [CatalogReadModel],
})
export class CatalogModule {}

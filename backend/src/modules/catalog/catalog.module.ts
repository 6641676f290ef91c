import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller';
import { CatalogReadModel } from './catalog.read-model';
import { LandingImages } from './landing-images';
import { ListLandingImagesHandler, ListMediaHandler } from './list-media.query';
import { MediaController } from './media.controller';
import { MediaUploadInterceptor } from './media-upload.interceptor';
import { MediaUploadStore } from './media-uploads';
import { RevertLandingImageHandler } from './revert-landing-image.command';
import { RevertMediaHandler } from './revert-media.command';
import { StaffMediaController } from './staff-media.controller';
import { UpdateLandingImageHandler } from './update-landing-image.command';
import { UploadLandingImageHandler } from './upload-landing-image.command';
import { UploadMediaHandler } from './upload-media.command';

/**
 * Workouts, running workouts, plans and their media: plain tables seeded from the repo, plus the
 * studio's own photos and videos uploaded from the staff console (ADR 0221) and the landing's
 * photos, which fill the served HTML (`LandingImages`, ADR 0300).
 */
@Module({
  controllers: [CatalogController, MediaController, StaffMediaController],
  providers: [
    CatalogReadModel,
    MediaUploadStore,
    MediaUploadInterceptor,
    UploadMediaHandler,
    RevertMediaHandler,
    ListMediaHandler,
    LandingImages,
    UploadLandingImageHandler,
    UpdateLandingImageHandler,
    RevertLandingImageHandler,
    ListLandingImagesHandler,
  ],
  exports: [CatalogReadModel, LandingImages],
})
export class CatalogModule {}

import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CatalogReadModel } from './catalog.read-model';
import type { MediaUploadDto, StaffMediaDto } from './dto/media-uploads.dto';
import { PHOTO_MAX_BYTES, VIDEO_MAX_BYTES } from './media-sniff';
import { type MediaUpload, MediaUploadStore, uploadUrl } from './media-uploads';
import { STUDIO_TRAINERS, trainerPortraitPath } from './studio-trainers';

export class ListMedia extends Query<StaffMediaDto> {}

export function mediaUploadDto(upload: MediaUpload, url: string): MediaUploadDto {
  return {
    mediaKind: upload.mediaKind,
    url,
    contentType: upload.contentType,
    sizeBytes: upload.sizeBytes,
    originalName: upload.originalName,
    uploadedByName: upload.uploadedByName,
    uploadedAt: upload.uploadedAt,
  };
}

/** Staff: every exercise in use and every trainer, with the studio's own media where there is some. */
@QueryHandler(ListMedia)
export class ListMediaHandler implements IQueryHandler<ListMedia, StaffMediaDto> {
  constructor(
    private readonly store: MediaUploadStore,
    private readonly catalog: CatalogReadModel,
  ) {}

  async execute(): Promise<StaffMediaDto> {
    const uploads = await this.store.list();
    const find = (kind: MediaUpload['subjectKind'], id: string, mediaKind: MediaUpload['mediaKind']) => {
      const upload = uploads.find((entry) => entry.subjectKind === kind && entry.subjectId === id && entry.mediaKind === mediaKind);
      return upload ? mediaUploadDto(upload, uploadUrl(upload, this.catalog.cdnBase)) : undefined;
    };
    return {
      exercises: this.catalog.listExercisesInUse().map((exercise) => ({
        ...exercise,
        photo: find('exercise', exercise.exerciseId, 'photo'),
        video: find('exercise', exercise.exerciseId, 'video'),
      })),
      trainers: STUDIO_TRAINERS.map((trainer) => ({
        ...trainer,
        portraitUrl: trainerPortraitPath(trainer.trainerId),
        photo: find('trainer', trainer.trainerId, 'photo'),
      })),
      limits: { photoMaxBytes: PHOTO_MAX_BYTES, videoMaxBytes: VIDEO_MAX_BYTES },
    };
  }
}

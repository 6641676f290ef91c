import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CatalogReadModel } from './catalog.read-model';
import type { LandingImagesDto, MediaUploadDto, StaffLandingImageDto, StaffMediaDto } from './dto/media-uploads.dto';
import { type LandingPhoto, LandingImages } from './landing-images';
import { LANDING_SLOTS, type LandingSlot } from './landing-slots';
import { PHOTO_MAX_BYTES, VIDEO_MAX_BYTES } from './media-sniff';
import { type MediaUpload, MediaUploadStore, uploadUrl } from './media-uploads';

export class ListMedia extends Query<StaffMediaDto> {}

/** Public: the landing's photos, as GET /api/media/landing serves them and the HTML carries them (ADR 0300). */
export class ListLandingImages extends Query<LandingImagesDto> {}

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

/** A place of the landing as the staff console shows it, with its photo if there is one. */
export function staffLandingImage(slot: LandingSlot, photo: LandingPhoto | undefined, cdnBase?: string): StaffLandingImageDto {
  return {
    slot: slot.slot,
    label: slot.label,
    where: slot.where,
    illustrationUrl: slot.illustrationUrl ?? undefined,
    minWidth: slot.widths[0]!,
    photo: photo && {
      ...mediaUploadDto(photo.upload, uploadUrl(photo.upload, cdnBase)),
      alt: photo.picture.alt,
      focalX: photo.picture.focalX,
      focalY: photo.picture.focalY,
      width: photo.picture.width,
      height: photo.picture.height,
      previewUrl: photo.picture.src,
      sizes: photo.upload.variants.length,
    },
  };
}

/** Staff: every exercise in use and every place of the landing, with the studio's own media where there is some. */
@QueryHandler(ListMedia)
export class ListMediaHandler implements IQueryHandler<ListMedia, StaffMediaDto> {
  constructor(
    private readonly store: MediaUploadStore,
    private readonly catalog: CatalogReadModel,
    private readonly landing: LandingImages,
  ) {}

  async execute(): Promise<StaffMediaDto> {
    const uploads = await this.store.list();
    const find = (id: string, mediaKind: MediaUpload['mediaKind']) => {
      const upload = uploads.find((entry) => entry.subjectKind === 'exercise' && entry.subjectId === id && entry.mediaKind === mediaKind);
      return upload ? mediaUploadDto(upload, uploadUrl(upload, this.catalog.cdnBase)) : undefined;
    };
    return {
      exercises: this.catalog.listExercisesInUse().map((exercise) => ({
        ...exercise,
        photo: find(exercise.exerciseId, 'photo'),
        video: find(exercise.exerciseId, 'video'),
      })),
      landing: LANDING_SLOTS.map((slot) => staffLandingImage(slot, this.landing.photo(slot.slot), this.catalog.cdnBase)),
      limits: { photoMaxBytes: PHOTO_MAX_BYTES, videoMaxBytes: VIDEO_MAX_BYTES },
    };
  }
}

@QueryHandler(ListLandingImages)
export class ListLandingImagesHandler implements IQueryHandler<ListLandingImages, LandingImagesDto> {
  constructor(private readonly landing: LandingImages) {}

  async execute(): Promise<LandingImagesDto> {
    return { images: this.landing.list().map(({ slot, picture }) => ({ ...picture, html: this.landing.markupOf(slot.slot)! })) };
  }
}

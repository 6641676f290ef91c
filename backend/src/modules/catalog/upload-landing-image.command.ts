import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import type { LandingImageFieldsDto, StaffLandingImageDto } from './dto/media-uploads.dto';
import { makeLandingPhotoSizes } from './landing-photo-sizes';
import { LandingImages } from './landing-images';
import { landingSlot } from './landing-slots';
import { staffLandingImage } from './list-media.query';
import type { IncomingMediaFile } from './media-upload.interceptor';
import { firstBytes, MEDIA_MESSAGES, PHOTO_MAX_BYTES, sniffMedia } from './media-sniff';
import { MediaUploadStore } from './media-uploads';

export class UploadLandingImage extends Command<StaffLandingImageDto> {
  constructor(
    readonly staff: AuthUser,
    readonly slot: string,
    readonly file: IncomingMediaFile | undefined,
    readonly fields: LandingImageFieldsDto,
  ) {
    super();
  }
}

/**
 * Staff: the studio's photo for a place of the landing (ADR 0300). Checked by its bytes and size
 * like every upload (ADR 0221), then decoded: its AVIF and WebP sizes are made before anything is
 * stored (ADR 0301), so a file that cannot be read, has too many pixels or is too narrow for the
 * slot leaves nothing behind. The landing shows it on the next page load.
 */
@CommandHandler(UploadLandingImage)
export class UploadLandingImageHandler implements ICommandHandler<UploadLandingImage, StaffLandingImageDto> {
  constructor(
    private readonly store: MediaUploadStore,
    private readonly landing: LandingImages,
  ) {}

  async execute({ staff, slot: slotId, file, fields }: UploadLandingImage): Promise<StaffLandingImageDto> {
    if (!file) throw new DomainError('invalid', MEDIA_MESSAGES.missingFile, { field: 'archivo' });
    try {
      const slot = landingSlot(slotId);
      if (!slot) throw new DomainError('not-found', MEDIA_MESSAGES.landingSlotNotFound);
      const format = sniffMedia(await firstBytes(file.path));
      if (!format.accepted) {
        throw new DomainError('unsupported-media', format.formatName ? MEDIA_MESSAGES.needsConversion(format.formatName) : MEDIA_MESSAGES.unknownFormat, {
          field: 'archivo',
        });
      }
      if (format.kind !== 'photo') throw new DomainError('unsupported-media', MEDIA_MESSAGES.landingNeedsPhoto, { field: 'archivo' });
      if (file.size > PHOTO_MAX_BYTES) throw new DomainError('too-large', MEDIA_MESSAGES.photoTooBig, { field: 'archivo' });
      const stem = this.store.newStem();
      const made = await makeLandingPhotoSizes(file.path, slot, this.store.directory, stem, (files) => this.store.deleteFiles(files));
      await this.store.put(slot.subject, format, file.path, {
        sizeBytes: file.size,
        originalName: file.originalname || 'foto',
        uploadedBy: staff.userId,
        uploadedByName: `${staff.firstName} ${staff.lastName}`.trim() || staff.email,
        stem,
        landing: { altText: fields.alt, focalX: fields.focalX ?? 50, focalY: fields.focalY ?? 50, ...made },
      });
      await this.landing.reload();
      return staffLandingImage(slot, this.landing.photo(slot.slot), this.landing.cdnBase);
    } finally {
      // Moved into place on success; anything left behind is a refused file.
      await this.store.discardIncoming(file.path);
    }
  }
}

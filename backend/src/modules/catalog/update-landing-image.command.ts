import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../shared/domain-error';
import type { LandingImageDetailsDto, StaffLandingImageDto } from './dto/media-uploads.dto';
import { LandingImages } from './landing-images';
import { landingSlot } from './landing-slots';
import { staffLandingImage } from './list-media.query';
import { MEDIA_MESSAGES } from './media-sniff';
import { MediaUploadStore } from './media-uploads';

export class UpdateLandingImage extends Command<StaffLandingImageDto> {
  constructor(
    readonly slot: string,
    readonly details: LandingImageDetailsDto,
  ) {
    super();
  }
}

/** Staff: a landing photo's alternative text or focal point, without uploading it again. */
@CommandHandler(UpdateLandingImage)
export class UpdateLandingImageHandler implements ICommandHandler<UpdateLandingImage, StaffLandingImageDto> {
  constructor(
    private readonly store: MediaUploadStore,
    private readonly landing: LandingImages,
  ) {}

  async execute({ slot: slotId, details }: UpdateLandingImage): Promise<StaffLandingImageDto> {
    const slot = landingSlot(slotId);
    if (!slot) throw new DomainError('not-found', MEDIA_MESSAGES.landingSlotNotFound);
    const updated = await this.store.updateDetails(slot.subject, { altText: details.alt, focalX: details.focalX, focalY: details.focalY });
    if (!updated) throw new DomainError('not-found', MEDIA_MESSAGES.noLandingPhoto);
    await this.landing.reload();
    return staffLandingImage(slot, this.landing.photo(slot.slot), this.landing.cdnBase);
  }
}

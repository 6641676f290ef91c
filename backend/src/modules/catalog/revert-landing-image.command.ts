import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../shared/domain-error';
import { LandingImages } from './landing-images';
import { landingSlot } from './landing-slots';
import { MEDIA_MESSAGES } from './media-sniff';
import { MediaUploadStore } from './media-uploads';

export class RevertLandingImage extends Command<void> {
  constructor(readonly slot: string) {
    super();
  }
}

/** Staff: a place of the landing back to its illustration (the hero to its drawn background); the photo and its sizes are deleted. */
@CommandHandler(RevertLandingImage)
export class RevertLandingImageHandler implements ICommandHandler<RevertLandingImage, void> {
  constructor(
    private readonly store: MediaUploadStore,
    private readonly landing: LandingImages,
  ) {}

  async execute({ slot: slotId }: RevertLandingImage): Promise<void> {
    const slot = landingSlot(slotId);
    if (!slot) throw new DomainError('not-found', MEDIA_MESSAGES.landingSlotNotFound);
    if (!(await this.store.remove(slot.subject, 'photo'))) throw new DomainError('not-found', MEDIA_MESSAGES.nothingToRevert);
    await this.landing.reload();
  }
}

import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../shared/domain-error';
import { CatalogReadModel } from './catalog.read-model';
import { MEDIA_MESSAGES, type MediaKind } from './media-sniff';
import { MediaUploadStore } from './media-uploads';

export class RevertMedia extends Command<void> {
  constructor(
    readonly subject: { kind: 'exercise'; id: string },
    readonly mediaKind: MediaKind,
  ) {
    super();
  }
}

/** Staff: an exercise back to its illustrated demonstration; the studio's file is deleted. */
@CommandHandler(RevertMedia)
export class RevertMediaHandler implements ICommandHandler<RevertMedia, void> {
  constructor(
    private readonly store: MediaUploadStore,
    private readonly catalog: CatalogReadModel,
  ) {}

  async execute({ subject, mediaKind }: RevertMedia): Promise<void> {
    if (!this.catalog.hasExercise(subject.id)) throw new DomainError('not-found', MEDIA_MESSAGES.exerciseNotFound);
    const removed = await this.store.remove(subject, mediaKind);
    if (!removed) throw new DomainError('not-found', MEDIA_MESSAGES.nothingToRevert);
    await this.catalog.reload();
  }
}

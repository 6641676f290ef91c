import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../shared/domain-error';
import { CatalogReadModel } from './catalog.read-model';
import { MEDIA_MESSAGES, type MediaKind } from './media-sniff';
import { MediaUploadStore, type MediaSubjectKind } from './media-uploads';
import { TRAINER_IDS } from './studio-trainers';

export class RevertMedia extends Command<void> {
  constructor(
    readonly subject: { kind: MediaSubjectKind; id: string },
    readonly mediaKind: MediaKind,
  ) {
    super();
  }
}

/** Staff: back to the illustrated demonstration (or portrait); the studio's file is deleted. */
@CommandHandler(RevertMedia)
export class RevertMediaHandler implements ICommandHandler<RevertMedia, void> {
  constructor(
    private readonly store: MediaUploadStore,
    private readonly catalog: CatalogReadModel,
  ) {}

  async execute({ subject, mediaKind }: RevertMedia): Promise<void> {
    if (subject.kind === 'exercise' && !this.catalog.hasExercise(subject.id)) throw new DomainError('not-found', MEDIA_MESSAGES.exerciseNotFound);
    if (subject.kind === 'trainer' && !TRAINER_IDS.includes(subject.id)) throw new DomainError('not-found', MEDIA_MESSAGES.trainerNotFound);
    const removed = await this.store.remove(subject, mediaKind);
    if (!removed) throw new DomainError('not-found', MEDIA_MESSAGES.nothingToRevert);
    await this.catalog.reload();
  }
}

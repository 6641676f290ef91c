import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { CatalogReadModel } from './catalog.read-model';
import type { MediaUploadDto } from './dto/media-uploads.dto';
import type { IncomingMediaFile } from './media-upload.interceptor';
import { firstBytes, MEDIA_MESSAGES, PHOTO_MAX_BYTES, sniffMedia, VIDEO_MAX_BYTES } from './media-sniff';
import { MediaUploadStore, uploadUrl } from './media-uploads';
import { mediaUploadDto } from './list-media.query';

export class UploadMedia extends Command<MediaUploadDto> {
  constructor(
    readonly staff: AuthUser,
    readonly subject: { kind: 'exercise'; id: string },
    readonly file: IncomingMediaFile | undefined,
  ) {
    super();
  }
}

/**
 * Staff: a photo or video of the studio's own for an exercise (the landing's photos go through
 * upload-landing-image.command.ts). The type comes from the file's first bytes and the size limit
 * from that type; anything that would need converting is refused with the formats to use (ADR
 * 0221). The catalogue's answers are rebuilt so every page shows the new media at once.
 */
@CommandHandler(UploadMedia)
export class UploadMediaHandler implements ICommandHandler<UploadMedia, MediaUploadDto> {
  constructor(
    private readonly store: MediaUploadStore,
    private readonly catalog: CatalogReadModel,
  ) {}

  async execute({ staff, subject, file }: UploadMedia): Promise<MediaUploadDto> {
    if (!file) throw new DomainError('invalid', MEDIA_MESSAGES.missingFile, { field: 'archivo' });
    try {
      if (!this.catalog.hasExercise(subject.id)) throw new DomainError('not-found', MEDIA_MESSAGES.exerciseNotFound);
      const format = sniffMedia(await firstBytes(file.path));
      if (!format.accepted) {
        throw new DomainError('unsupported-media', format.formatName ? MEDIA_MESSAGES.needsConversion(format.formatName) : MEDIA_MESSAGES.unknownFormat, {
          field: 'archivo',
        });
      }
      if (format.kind === 'photo' && file.size > PHOTO_MAX_BYTES) throw new DomainError('too-large', MEDIA_MESSAGES.photoTooBig, { field: 'archivo' });
      if (format.kind === 'video' && file.size > VIDEO_MAX_BYTES) throw new DomainError('too-large', MEDIA_MESSAGES.videoTooBig, { field: 'archivo' });
      const name = `${staff.firstName} ${staff.lastName}`.trim() || staff.email;
      const upload = await this.store.put(subject, format, file.path, {
        sizeBytes: file.size,
        originalName: file.originalname || 'archivo',
        uploadedBy: staff.userId,
        uploadedByName: name,
      });
      await this.catalog.reload();
      return mediaUploadDto(upload, uploadUrl(upload, this.catalog.cdnBase));
    } finally {
      // Moved into place on success; anything left behind is a refused file.
      await this.store.discardIncoming(file.path);
    }
  }
}

import { CallHandler, ExecutionContext, HttpException, HttpStatus, Injectable, NestInterceptor, Type } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { catchError, type Observable } from 'rxjs';
import { DomainError } from '../../shared/domain-error';
import { MEDIA_MESSAGES, VIDEO_MAX_BYTES } from './media-sniff';
import { MediaUploadStore } from './media-uploads';

/** The multipart field that carries the file. */
export const MEDIA_FILE_FIELD = 'archivo';

/** What the streaming parser hands over: the file already on disk, never in memory. */
export interface IncomingMediaFile {
  path: string;
  size: number;
  originalname: string;
}

/**
 * Streams one multipart file to disk with NestJS's multer integration, under hard limits (one
 * file, the video limit as the ceiling, a few small fields), and answers its failures in Spanish.
 * The exact type and the per-kind size are checked afterwards from the file itself (ADR 0221).
 */
@Injectable()
export class MediaUploadInterceptor implements NestInterceptor {
  private readonly inner: NestInterceptor;

  constructor(private readonly store: MediaUploadStore) {
    const Parser: Type<NestInterceptor> = FileInterceptor(MEDIA_FILE_FIELD, {
      dest: store.incomingDirectory,
      limits: { fileSize: VIDEO_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 50 },
    });
    this.inner = new Parser();
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      const handled = await this.inner.intercept(context, next);
      // Refused before the handler ran (a text field that fails validation): the file goes too.
      return handled.pipe(
        catchError(async (error: unknown) => {
          const file = context.switchToHttp().getRequest<{ file?: IncomingMediaFile }>().file;
          if (file) await this.store.discardIncoming(file.path);
          throw error;
        }),
      );
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === HttpStatus.PAYLOAD_TOO_LARGE) throw new DomainError('too-large', MEDIA_MESSAGES.fileTooBig);
      if (error instanceof HttpException && /too many files|unexpected field/i.test(error.message))
        throw new DomainError('invalid', MEDIA_MESSAGES.tooManyFiles);
      if (error instanceof HttpException) throw new DomainError('invalid', MEDIA_MESSAGES.missingFile);
      throw error;
    }
  }
}

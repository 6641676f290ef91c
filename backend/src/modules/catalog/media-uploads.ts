import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Pool } from 'pg';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { PG_POOL } from '../../infrastructure/database/database.module';
import type { AcceptedFormat, MediaKind } from './media-sniff';

export type MediaSubjectKind = 'exercise' | 'trainer';

export interface MediaUpload {
  subjectKind: MediaSubjectKind;
  subjectId: string;
  mediaKind: MediaKind;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  originalName: string;
  uploadedByName: string;
  uploadedAt: string;
}

interface UploadRow {
  subject_kind: MediaSubjectKind;
  subject_id: string;
  media_kind: MediaKind;
  file_name: string;
  content_type: string;
  size_bytes: string;
  original_name: string;
  uploaded_by_name: string;
  uploaded_at: Date;
}

/** Uploaded files are named `{uuid}.{ext}`: one path segment, never a name a user chose. */
export const UPLOAD_FILE_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|mp4|webm)$/;
/** The CDN folder the uploads are pulled into (docs/catalog.md "The studio's own media"). */
export const CDN_UPLOAD_FOLDER = 'pulso-subidas';

/** Where an uploaded file is delivered: the backend in the embedded mode, the CDN with MEDIA_CDN_BASE. */
export function uploadUrl(upload: Pick<MediaUpload, 'fileName' | 'mediaKind'>, cdnBase?: string): string {
  if (cdnBase) {
    const base = cdnBase.replace(/\/+$/, '').replace(/^http:\/\//, 'https://');
    return `${base}/${upload.mediaKind === 'video' ? 'video' : 'image'}/upload/${CDN_UPLOAD_FOLDER}/${upload.fileName}`;
  }
  return `/api/media/uploads/${upload.fileName}`;
}

/**
 * The studio's own photos and videos (ADR 0221): files in MEDIA_UPLOAD_DIR, one row each in
 * `catalog_media_uploads`. A replaced or reverted file is deleted once the row no longer names it.
 */
@Injectable()
export class MediaUploadStore {
  private readonly logger = new Logger(MediaUploadStore.name);

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get directory(): string {
    return this.config.media.uploadDir;
  }

  /** Where multipart uploads are streamed before their type is checked. */
  get incomingDirectory(): string {
    return path.join(this.directory, '.entrantes');
  }

  async list(): Promise<MediaUpload[]> {
    const { rows } = await this.pool.query<UploadRow>(
      `SELECT subject_kind, subject_id, media_kind, file_name, content_type, size_bytes, original_name, uploaded_by_name, uploaded_at
         FROM catalog_media_uploads ORDER BY subject_kind, subject_id, media_kind`,
    );
    return rows.map(toUpload);
  }

  /** Moves a checked file into place and makes it the subject's media of its kind. */
  async put(
    subject: { kind: MediaSubjectKind; id: string },
    format: AcceptedFormat,
    incomingPath: string,
    details: { sizeBytes: number; originalName: string; uploadedBy: string; uploadedByName: string },
  ): Promise<MediaUpload> {
    const fileName = `${randomUUID()}.${format.extension}`;
    await mkdir(this.directory, { recursive: true });
    await rename(incomingPath, path.join(this.directory, fileName));
    const client = await this.pool.connect();
    let previous: string | undefined;
    let row: UploadRow;
    try {
      await client.query('BEGIN');
      const old = await client.query<{ file_name: string }>(
        'SELECT file_name FROM catalog_media_uploads WHERE subject_kind = $1 AND subject_id = $2 AND media_kind = $3 FOR UPDATE',
        [subject.kind, subject.id, format.kind],
      );
      previous = old.rows[0]?.file_name;
      const inserted = await client.query<UploadRow>(
        `INSERT INTO catalog_media_uploads
           (subject_kind, subject_id, media_kind, file_name, content_type, size_bytes, original_name, uploaded_by, uploaded_by_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (subject_kind, subject_id, media_kind) DO UPDATE SET
           file_name = EXCLUDED.file_name, content_type = EXCLUDED.content_type, size_bytes = EXCLUDED.size_bytes,
           original_name = EXCLUDED.original_name, uploaded_by = EXCLUDED.uploaded_by,
           uploaded_by_name = EXCLUDED.uploaded_by_name, uploaded_at = now()
         RETURNING subject_kind, subject_id, media_kind, file_name, content_type, size_bytes, original_name, uploaded_by_name, uploaded_at`,
        [subject.kind, subject.id, format.kind, fileName, format.contentType, details.sizeBytes, details.originalName.slice(0, 200), details.uploadedBy, details.uploadedByName],
      );
      row = inserted.rows[0];
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      await this.deleteFile(fileName);
      throw error;
    } finally {
      client.release();
    }
    if (previous) await this.deleteFile(previous);
    return toUpload(row);
  }

  /** Forgets the subject's media of a kind; false when there was none. */
  async remove(subject: { kind: MediaSubjectKind; id: string }, mediaKind: MediaKind): Promise<boolean> {
    const { rows } = await this.pool.query<{ file_name: string }>(
      'DELETE FROM catalog_media_uploads WHERE subject_kind = $1 AND subject_id = $2 AND media_kind = $3 RETURNING file_name',
      [subject.kind, subject.id, mediaKind],
    );
    if (rows[0]) await this.deleteFile(rows[0].file_name);
    return rows.length > 0;
  }

  async discardIncoming(filePath: string): Promise<void> {
    await rm(filePath, { force: true }).catch(() => undefined);
  }

  private async deleteFile(fileName: string): Promise<void> {
    await rm(path.join(this.directory, fileName), { force: true }).catch((error: Error) => this.logger.warn(`No se pudo borrar ${fileName}: ${error.message}`));
  }
}

function toUpload(row: UploadRow): MediaUpload {
  return {
    subjectKind: row.subject_kind,
    subjectId: row.subject_id,
    mediaKind: row.media_kind,
    fileName: row.file_name,
    contentType: row.content_type,
    sizeBytes: Number(row.size_bytes),
    originalName: row.original_name,
    uploadedByName: row.uploaded_by_name,
    uploadedAt: row.uploaded_at.toISOString(),
  };
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Pool } from 'pg';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { PG_POOL } from '../../infrastructure/database/database.module';
import type { AcceptedFormat, MediaKind } from './media-sniff';

export type MediaSubjectKind = 'exercise' | 'trainer' | 'site';

/** One size of a landing photo made at upload (ADR 0301): `{uuid}-{width}.{avif|webp}` beside the original. */
export interface PhotoVariant {
  file: string;
  format: 'avif' | 'webp';
  width: number;
}

/** What a landing photo carries besides its file (ADR 0300). */
export interface LandingPhotoDetails {
  altText: string;
  focalX: number;
  focalY: number;
  width: number;
  height: number;
  variants: PhotoVariant[];
}

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
  /** Landing photos only; a trainer's portrait uploaded before ADR 0301 has no sizes and no text. */
  altText: string | null;
  focalX: number | null;
  focalY: number | null;
  width: number | null;
  height: number | null;
  variants: PhotoVariant[];
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
  alt_text: string | null;
  focal_x: number | null;
  focal_y: number | null;
  width: number | null;
  height: number | null;
  variants: PhotoVariant[];
}

const COLUMNS =
  'subject_kind, subject_id, media_kind, file_name, content_type, size_bytes, original_name, uploaded_by_name, uploaded_at, alt_text, focal_x, focal_y, width, height, variants';

/**
 * Uploaded files are named `{uuid}.{ext}`, and the sizes made from a landing photo
 * `{uuid}-{width}.{avif|webp}`: one path segment, never a name a user chose.
 */
export const UPLOAD_FILE_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\.(jpg|png|webp|mp4|webm)|-[1-9][0-9]{1,3}\.(avif|webp))$/;
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
    const { rows } = await this.pool.query<UploadRow>(`SELECT ${COLUMNS} FROM catalog_media_uploads ORDER BY subject_kind, subject_id, media_kind`);
    return rows.map(toUpload);
  }

  /** A fresh `{uuid}` for an upload's files; the landing photos' sizes are made under it before `put`. */
  newStem(): string {
    return randomUUID();
  }

  /**
   * Moves a checked file into place and makes it the subject's media of its kind. A landing photo's
   * sizes are already in the folder under the same stem; a failure here deletes them too.
   */
  async put(
    subject: { kind: MediaSubjectKind; id: string },
    format: AcceptedFormat,
    incomingPath: string,
    details: { sizeBytes: number; originalName: string; uploadedBy: string; uploadedByName: string; stem?: string; landing?: LandingPhotoDetails },
  ): Promise<MediaUpload> {
    const fileName = `${details.stem ?? randomUUID()}.${format.extension}`;
    const landing = details.landing;
    const written = [fileName, ...(landing?.variants.map((variant) => variant.file) ?? [])];
    const client = await this.pool.connect();
    let previous: string[] = [];
    let row: UploadRow;
    try {
      await mkdir(this.directory, { recursive: true });
      await rename(incomingPath, path.join(this.directory, fileName));
      await client.query('BEGIN');
      const old = await client.query<{ file_name: string; variants: PhotoVariant[] }>(
        'SELECT file_name, variants FROM catalog_media_uploads WHERE subject_kind = $1 AND subject_id = $2 AND media_kind = $3 FOR UPDATE',
        [subject.kind, subject.id, format.kind],
      );
      previous = old.rows.flatMap(filesOf);
      const inserted = await client.query<UploadRow>(
        `INSERT INTO catalog_media_uploads
           (subject_kind, subject_id, media_kind, file_name, content_type, size_bytes, original_name, uploaded_by, uploaded_by_name,
            alt_text, focal_x, focal_y, width, height, variants)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         ON CONFLICT (subject_kind, subject_id, media_kind) DO UPDATE SET
           file_name = EXCLUDED.file_name, content_type = EXCLUDED.content_type, size_bytes = EXCLUDED.size_bytes,
           original_name = EXCLUDED.original_name, uploaded_by = EXCLUDED.uploaded_by,
           uploaded_by_name = EXCLUDED.uploaded_by_name, uploaded_at = now(), alt_text = EXCLUDED.alt_text,
           focal_x = EXCLUDED.focal_x, focal_y = EXCLUDED.focal_y, width = EXCLUDED.width, height = EXCLUDED.height,
           variants = EXCLUDED.variants
         RETURNING ${COLUMNS}`,
        [
          subject.kind,
          subject.id,
          format.kind,
          fileName,
          format.contentType,
          details.sizeBytes,
          details.originalName.slice(0, 200),
          details.uploadedBy,
          details.uploadedByName,
          landing?.altText ?? null,
          landing?.focalX ?? null,
          landing?.focalY ?? null,
          landing?.width ?? null,
          landing?.height ?? null,
          JSON.stringify(landing?.variants ?? []),
        ],
      );
      row = inserted.rows[0];
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      await Promise.all(written.map((file) => this.deleteFile(file)));
      throw error;
    } finally {
      client.release();
    }
    await Promise.all(previous.map((file) => this.deleteFile(file)));
    return toUpload(row);
  }

  /** Changes a landing photo's text or focal point; null when the subject has no photo. */
  async updateDetails(
    subject: { kind: MediaSubjectKind; id: string },
    changes: { altText?: string; focalX?: number; focalY?: number },
  ): Promise<MediaUpload | null> {
    const { rows } = await this.pool.query<UploadRow>(
      `UPDATE catalog_media_uploads
          SET alt_text = COALESCE($3, alt_text), focal_x = COALESCE($4, focal_x, 50), focal_y = COALESCE($5, focal_y, 50)
        WHERE subject_kind = $1 AND subject_id = $2 AND media_kind = 'photo'
        RETURNING ${COLUMNS}`,
      [subject.kind, subject.id, changes.altText ?? null, changes.focalX ?? null, changes.focalY ?? null],
    );
    return rows[0] ? toUpload(rows[0]) : null;
  }

  /** Forgets the subject's media of a kind; false when there was none. */
  async remove(subject: { kind: MediaSubjectKind; id: string }, mediaKind: MediaKind): Promise<boolean> {
    const { rows } = await this.pool.query<{ file_name: string; variants: PhotoVariant[] }>(
      'DELETE FROM catalog_media_uploads WHERE subject_kind = $1 AND subject_id = $2 AND media_kind = $3 RETURNING file_name, variants',
      [subject.kind, subject.id, mediaKind],
    );
    await Promise.all(rows.flatMap(filesOf).map((file) => this.deleteFile(file)));
    return rows.length > 0;
  }

  async discardIncoming(filePath: string): Promise<void> {
    await rm(filePath, { force: true }).catch(() => undefined);
  }

  /** Deletes files of ours that no row names (sizes made for a photo that was then refused). */
  async deleteFiles(fileNames: string[]): Promise<void> {
    await Promise.all(fileNames.map((file) => this.deleteFile(file)));
  }

  private async deleteFile(fileName: string): Promise<void> {
    await rm(path.join(this.directory, fileName), { force: true }).catch((error: Error) => this.logger.warn(`No se pudo borrar ${fileName}: ${error.message}`));
  }
}

function filesOf(row: { file_name: string; variants: PhotoVariant[] }): string[] {
  return [row.file_name, ...row.variants.map((variant) => variant.file)];
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
    altText: row.alt_text,
    focalX: row.focal_x,
    focalY: row.focal_y,
    width: row.width,
    height: row.height,
    variants: row.variants,
  };
}

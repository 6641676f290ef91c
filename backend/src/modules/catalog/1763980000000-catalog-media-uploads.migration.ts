import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The studio's own media (ADR 0221): at most one photo and one video per exercise and a photo per
 * trainer. A row names a file kept in MEDIA_UPLOAD_DIR; removing the row brings the illustrated
 * demonstration (or portrait) back. Plain table like the rest of the catalogue (ADR 0040).
 */
export class CatalogMediaUploads1763980000000 implements MigrationInterface {
  name = 'CatalogMediaUploads1763980000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE catalog_media_uploads (
        subject_kind text NOT NULL CHECK (subject_kind IN ('exercise', 'trainer')),
        subject_id text NOT NULL,
        media_kind text NOT NULL CHECK (media_kind IN ('photo', 'video')),
        file_name text NOT NULL UNIQUE,
        content_type text NOT NULL,
        size_bytes bigint NOT NULL CHECK (size_bytes > 0),
        original_name text NOT NULL,
        uploaded_by text NOT NULL,
        uploaded_by_name text NOT NULL,
        uploaded_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (subject_kind, subject_id, media_kind)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE catalog_media_uploads');
  }
}

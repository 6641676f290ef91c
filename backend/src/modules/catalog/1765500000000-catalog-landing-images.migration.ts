import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The landing's own photos (ADR 0300, 0301): the hero and the home sections join the trainers as
 * subjects ('site'), and a landing photo keeps its alternative text, its focal point (percent of
 * its width and height), its size once turned upright and the AVIF/WebP sizes made from it.
 * Exercise photos and videos leave these empty.
 */
export class CatalogLandingImages1765500000000 implements MigrationInterface {
  name = 'CatalogLandingImages1765500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE catalog_media_uploads DROP CONSTRAINT catalog_media_uploads_subject_kind_check');
    await runner.query(`ALTER TABLE catalog_media_uploads
      ADD CONSTRAINT catalog_media_uploads_subject_kind_check CHECK (subject_kind IN ('exercise', 'trainer', 'site')),
      ADD COLUMN alt_text text,
      ADD COLUMN focal_x smallint CHECK (focal_x BETWEEN 0 AND 100),
      ADD COLUMN focal_y smallint CHECK (focal_y BETWEEN 0 AND 100),
      ADD COLUMN width integer CHECK (width > 0),
      ADD COLUMN height integer CHECK (height > 0),
      ADD COLUMN variants jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM catalog_media_uploads WHERE subject_kind = 'site'`);
    await runner.query(`ALTER TABLE catalog_media_uploads
      DROP COLUMN alt_text, DROP COLUMN focal_x, DROP COLUMN focal_y, DROP COLUMN width, DROP COLUMN height, DROP COLUMN variants,
      DROP CONSTRAINT catalog_media_uploads_subject_kind_check`);
    await runner.query(
      `ALTER TABLE catalog_media_uploads ADD CONSTRAINT catalog_media_uploads_subject_kind_check CHECK (subject_kind IN ('exercise', 'trainer'))`,
    );
  }
}

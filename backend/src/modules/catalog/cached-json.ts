import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/**
 * A JSON answer that never changes between restarts, serialised, compressed and
 * hashed once. The workout list is ~300 KB of JSON hit by every library visit:
 * re-stringifying and re-compressing it per request cost ~20 ms of CPU (ADR 0040).
 */
export class CachedJson {
  readonly body: Buffer;
  readonly gzipped: Buffer;
  readonly etag: string;

  constructor(value: unknown) {
    this.body = Buffer.from(JSON.stringify(value), 'utf8');
    this.gzipped = gzipSync(this.body, { level: 9 });
    this.etag = `"${createHash('sha1').update(this.body).digest('base64url')}"`;
  }

  send(req: Request, res: Response, cacheControl: string): void {
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', this.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type('application/json');
    // A Content-Encoding already set makes the compression middleware leave the body alone.
    const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res.status(200).end(gzip ? this.gzipped : this.body);
  }
}

import { describe, expect, it } from 'vitest';
import { precheck } from './media-upload-controls';

const limits = { photoMaxBytes: 5 * 1024 * 1024, videoMaxBytes: 25 * 1024 * 1024 };
const file = (type: string, size: number) => new File([new Uint8Array(size)], 'archivo', { type });

describe('media page precheck', () => {
  it('lets files within their limit through to the server, which checks the bytes', () => {
    expect(precheck(file('image/jpeg', 1024), limits, false)).toBeNull();
    expect(precheck(file('video/mp4', 6 * 1024 * 1024), limits, false)).toBeNull();
    expect(precheck(file('', 1024), limits, false)).toBeNull();
  });

  it('refuses, in Spanish and before sending, a photo or a video over its limit', () => {
    expect(precheck(file('image/png', limits.photoMaxBytes + 1), limits, false)).toMatch(/^La foto pesa más de 5 MB/);
    expect(precheck(file('video/webm', limits.videoMaxBytes + 1), limits, false)).toMatch(/^El video pesa más de 25 MB/);
  });

  it('asks for a photo for the site', () => {
    expect(precheck(file('video/mp4', 1024), limits, true)).toMatch(/^Para el sitio sube una foto/);
  });
});

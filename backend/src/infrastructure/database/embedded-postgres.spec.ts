import { sharedBuffersMb } from './embedded-postgres';

const GB = 1024 ** 3;

describe('sharedBuffersMb (ADR 0268)', () => {
  it('takes a quarter of the machine memory, between PostgreSQL’s 128 MB and 1 GB', () => {
    expect(sharedBuffersMb(2 * GB, undefined)).toBe(512);
    expect(sharedBuffersMb(24 * GB, undefined)).toBe(1024);
    expect(sharedBuffersMb(256 * 1024 ** 2, undefined)).toBe(128);
  });

  it('follows EMBEDDED_PG_SHARED_BUFFERS_MB when it is a whole number, never under 16 MB', () => {
    expect(sharedBuffersMb(24 * GB, '256')).toBe(256);
    expect(sharedBuffersMb(24 * GB, '4')).toBe(16);
    expect(sharedBuffersMb(2 * GB, 'mucho')).toBe(512);
  });
});

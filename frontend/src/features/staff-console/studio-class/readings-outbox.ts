import type { StudioReadingDto } from '../../../shared/api/generated-api';

/**
 * The board PC's readings waiting for the server (ADR 0181): kept in `localStorage` per class
 * until a batch is answered, so a brief network drop or a reload of the console loses nothing.
 * The server keys a reading by (class, sensor, second), so sending a batch twice is harmless.
 */
export const MAX_BATCH = 600;

const keyOf = (sessionId: string) => `pulso.studio-class.readings.${sessionId}`;

export class ReadingsOutbox {
  private pending: StudioReadingDto[];

  constructor(
    readonly sessionId: string,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = typeof localStorage === 'undefined' ? null : localStorage,
  ) {
    this.pending = ReadingsOutbox.load(sessionId, storage);
  }

  private static load(sessionId: string, storage: Pick<Storage, 'getItem'> | null): StudioReadingDto[] {
    try {
      const stored = storage?.getItem(keyOf(sessionId));
      const parsed: unknown = stored ? JSON.parse(stored) : [];
      return Array.isArray(parsed) ? (parsed as StudioReadingDto[]) : [];
    } catch {
      return [];
    }
  }

  get size(): number {
    return this.pending.length;
  }

  add(reading: StudioReadingDto): void {
    this.pending.push(reading);
    this.save();
  }

  /** The oldest readings, at most one batch. */
  next(): StudioReadingDto[] {
    return this.pending.slice(0, MAX_BATCH);
  }

  /** The server kept the batch: forget exactly those readings (newer ones stay). */
  sent(batch: readonly StudioReadingDto[]): void {
    const done = new Set(batch);
    this.pending = this.pending.filter((reading) => !done.has(reading));
    this.save();
  }

  clear(): void {
    this.pending = [];
    this.storage?.removeItem(keyOf(this.sessionId));
  }

  private save(): void {
    try {
      if (this.pending.length === 0) this.storage?.removeItem(keyOf(this.sessionId));
      else this.storage?.setItem(keyOf(this.sessionId), JSON.stringify(this.pending));
    } catch {
      // A full storage keeps the readings in memory only.
    }
  }
}

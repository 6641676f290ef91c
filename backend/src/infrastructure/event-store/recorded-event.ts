import type { EventMetadata, RecordedEvent } from './event-store.port';

const UNDECODED = Symbol('undecoded');

/**
 * A stored event whose `data` and `metadata` stay as the JSON text the database
 * returned until first read (ADR 0019): a projection that skips most events, or
 * reads only the type, never pays for parsing them. The getters live on the
 * prototype, so a spread or a structured clone of an event drops them: read the
 * fields you need, never copy a whole event (docs/architecture.md).
 */
export class LazyRecordedEvent implements RecordedEvent {
  #data: unknown = UNDECODED;
  #metadata: EventMetadata | typeof UNDECODED = UNDECODED;
  readonly #rawData: string;
  readonly #rawMetadata: string;

  constructor(
    readonly streamId: string,
    readonly revision: bigint,
    readonly position: string,
    readonly type: string,
    rawData: string,
    rawMetadata: string,
  ) {
    this.#rawData = rawData;
    this.#rawMetadata = rawMetadata;
  }

  /**
   * The stored JSON text of `data` while nobody decoded it yet, else undefined: lets a reader
   * rule an event out by a substring (the encryption's marker, ADR 0200) without parsing it.
   */
  get undecodedData(): string | undefined {
    return this.#data === UNDECODED ? this.#rawData : undefined;
  }

  get data(): unknown {
    if (this.#data === UNDECODED) this.#data = JSON.parse(this.#rawData);
    return this.#data;
  }

  set data(value: unknown) {
    this.#data = value;
  }

  get metadata(): EventMetadata {
    if (this.#metadata === UNDECODED) this.#metadata = JSON.parse(this.#rawMetadata) as EventMetadata;
    return this.#metadata;
  }

  set metadata(value: EventMetadata) {
    this.#metadata = value;
  }

  toJSON(): Omit<RecordedEvent, 'revision'> & { revision: string } {
    return { streamId: this.streamId, revision: this.revision.toString(), position: this.position, type: this.type, data: this.data, metadata: this.metadata };
  }
}

import type { EventMetadata, RecordedEvent } from './event-store.port';

const UNDECODED = Symbol('undecoded');

/**
 * A stored event whose `data` and `metadata` stay as the JSON text the database
 * returned until first read (ADR 0019), and whose revision and position are built on first read too (ADR 0267): a projection that skips most events, or
 * reads only the type, never pays for parsing them. The getters live on the
 * prototype, so a spread or a structured clone of an event drops them: read the
 * fields you need, never copy a whole event (docs/architecture.md).
 */
export class LazyRecordedEvent implements RecordedEvent {
  #data: unknown = UNDECODED;
  #metadata: EventMetadata | typeof UNDECODED = UNDECODED;
  readonly #rawData: string;
  readonly #rawMetadata: string;
  /** The revision, or its stored decimal text until first read. */
  #revision: bigint | string;
  #position: string | undefined;

  /**
   * `revision` may be the stored decimal text and `position` left out for a subclass's
   * `formatPosition`: a replay reads a million events and most handlers never look at either
   * (ADR 0267), so neither is built until asked for.
   */
  constructor(
    readonly streamId: string,
    revision: bigint | string,
    position: string | undefined,
    readonly type: string,
    rawData: string,
    rawMetadata: string,
  ) {
    this.#revision = revision;
    this.#position = position;
    this.#rawData = rawData;
    this.#rawMetadata = rawMetadata;
  }

  get revision(): bigint {
    if (typeof this.#revision === 'string') this.#revision = BigInt(this.#revision);
    return this.#revision;
  }

  get position(): string {
    return (this.#position ??= this.formatPosition());
  }

  /** The position of an event constructed without one; a subclass that leaves it out formats it here. */
  protected formatPosition(): string {
    throw new Error('This event was recorded without a position');
  }

  /**
   * The JSON text of `data` as stored, decoded since or not: lets a reader rule an event out by a
   * substring (the encryption's marker, ADR 0200) without parsing it, even when another reader of a
   * shared page decoded it first (ADR 0273). What `data` holds derives from it (upcasters, decryption
   * in place), so a substring absent here is absent from `data` too.
   */
  get storedData(): string {
    return this.#rawData;
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

/**
 * The one cache of the infrastructure: a bounded map that forgets its least recently used entry when
 * full, and an entry whose time has passed when it is next looked up. Every cache of the process is
 * one of these, sized and timed where it is made, so that how each forgets is said in one place.
 */
export interface LruCacheOptions {
  maxEntries: number;
  /** How long an entry may be served; without it, until it is pushed out. */
  ttlMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

export class LruCache<Key, Value> {
  private readonly entries = new Map<Key, { value: Value; until: number }>();

  constructor(private readonly options: LruCacheOptions) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value, if held and in date; it becomes the most recently used. */
  get(key: Key): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (this.now() >= entry.until) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The value, if held and in date, without making it more recent. */
  peek(key: Key): Value | undefined {
    const entry = this.entries.get(key);
    return entry && this.now() < entry.until ? entry.value : undefined;
  }

  /** Holds the value, for `ttlMs` when given (never longer than the cache's own). */
  set(key: Key, value: Value, ttlMs?: number): void {
    const ttl = Math.min(ttlMs ?? Infinity, this.options.ttlMs ?? Infinity);
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: this.now() + ttl });
  }

  delete(key: Key): void {
    this.entries.delete(key);
  }

  /** Forgets the entry if it still holds this very value, in date or not (a timer letting go of what it set). */
  deleteIfHolding(key: Key, value: Value): void {
    if (this.entries.get(key)?.value === value) this.entries.delete(key);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}

import type { EventMetadata, RecordedEvent } from './event-store.port';

/** Turns the payload of a type at one schema version into the payload of the next version. */
export type Upcaster = (data: unknown, metadata: EventMetadata) => unknown;

/** Upcasters by `Type@fromVersion`: a chain runs one version at a time, so v1 → v3 needs `@1` and `@2`. */
export type Upcasters = Readonly<Record<`${string}@${number}`, Upcaster>>;

export type Upcast = <E extends RecordedEvent>(event: E) => E;

/**
 * Stored events are never rewritten: a payload change bumps the type's schema version and gives
 * the adapters an upcaster, and every read (streams, the global log, subscriptions) returns the
 * newest shape. The product has none yet; the hook stays so that the first one is one entry.
 */
export function upcasting(upcasters: Upcasters = {}): Upcast {
  const types = new Set(Object.keys(upcasters).map((key) => key.slice(0, key.lastIndexOf('@'))));
  return <E extends RecordedEvent>(event: E): E => {
    // Only types with an upcaster have their metadata decoded here; others pass untouched.
    if (!types.has(event.type)) return event;
    let { data, metadata } = event;
    for (;;) {
      const upcaster = upcasters[`${event.type}@${metadata.schemaVersion}`];
      if (!upcaster) break;
      data = upcaster(data, metadata);
      metadata = { ...metadata, schemaVersion: metadata.schemaVersion + 1 };
    }
    if (data === event.data) return event;
    return { ...event, data, metadata };
  };
}

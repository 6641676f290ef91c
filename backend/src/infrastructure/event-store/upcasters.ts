import { Injectable } from '@nestjs/common';
import type { EventMetadata, RecordedEvent } from './event-store.port';

/** Turns the payload of `type` at `fromVersion` into the payload of version `fromVersion + 1`. */
export type Upcaster = (data: unknown, metadata: EventMetadata) => unknown;

/**
 * Stored events are never rewritten: a schema change registers an upcaster and
 * every read (streams, the global log, subscriptions) returns the newest shape.
 * Chains run one version at a time, so v1 → v3 needs v1→v2 and v2→v3.
 */
@Injectable()
export class UpcasterRegistry {
  private readonly upcasters = new Map<string, Upcaster>();
  private readonly types = new Set<string>();

  register(type: string, fromVersion: number, upcaster: Upcaster): void {
    const key = `${type}@${fromVersion}`;
    if (this.upcasters.has(key)) throw new Error(`An upcaster for ${key} is already registered`);
    this.upcasters.set(key, upcaster);
    this.types.add(type);
  }

  /** Only types with a registered upcaster have their payload decoded here; others stay as they are. */
  upcast<E extends RecordedEvent>(event: E): E {
    if (this.upcasters.size === 0 || !this.types.has(event.type)) return event;
    let { data, metadata } = event;
    for (;;) {
      const upcaster = this.upcasters.get(`${event.type}@${metadata.schemaVersion}`);
      if (!upcaster) break;
      data = upcaster(data, metadata);
      metadata = { ...metadata, schemaVersion: metadata.schemaVersion + 1 };
    }
    if (data === event.data) return event;
    // Field by field: an event may keep its payload behind getters, which a spread would drop.
    const upcast: RecordedEvent = { streamId: event.streamId, revision: event.revision, position: event.position, type: event.type, data, metadata };
    return upcast as E;
  }
}

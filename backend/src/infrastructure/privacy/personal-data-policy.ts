import { Injectable } from '@nestjs/common';
import type { NewEvent, RecordedEvent } from '../event-store/event-store.port';
import { DataKeys, DESTROYED } from './data-keys';
import { decryptValue, encryptValue, ERASED, isEncrypted, keyIdOf } from './field-cipher';

/** One personal field of an event type: where it sits in the payload and what it reads once erased. */
export interface PersonalField {
  path: readonly string[];
  erased: unknown;
}

/** The personal fields of one kind of stream, by event type; the stream's subject is what follows the prefix. */
export interface PersonalDataFields {
  streamPrefix: string;
  fields: Readonly<Record<string, readonly PersonalField[]>>;
}

/**
 * Which fields of which events are personal (registered by the module that owns the streams,
 * e.g. the members module), and how they are encrypted on append and decrypted on every read
 * (ADR 0200). Only these fields are touched: the rest of a payload stays as it was, readable by
 * every projection and aggregate.
 */
@Injectable()
export class PersonalDataPolicy {
  private readonly registered: PersonalDataFields[] = [];

  constructor(private readonly keys: DataKeys) {}

  register(fields: PersonalDataFields): void {
    this.registered.push(fields);
  }

  /** The event types that may hold personal fields (any registered stream kind). */
  get eventTypes(): string[] {
    return [...new Set(this.registered.flatMap((entry) => Object.keys(entry.fields)))];
  }

  private fieldsOf(streamId: string, type: string): { subject: string; fields: readonly PersonalField[] } | undefined {
    for (const entry of this.registered) {
      if (!streamId.startsWith(entry.streamPrefix)) continue;
      const fields = entry.fields[type];
      if (fields) return { subject: streamId.slice(entry.streamPrefix.length), fields };
    }
    return undefined;
  }

  /** The events as they are stored: a copy of each payload with its personal fields encrypted under the subject's live key. */
  async encrypt(streamId: string, events: readonly NewEvent[]): Promise<NewEvent[]> {
    const out: NewEvent[] = [];
    for (const event of events) {
      const spec = this.fieldsOf(streamId, event.type);
      if (!spec || !spec.fields.some((field) => valueAt(event.data, field.path) !== undefined)) {
        out.push(event);
        continue;
      }
      const { keyId, key } = await this.keys.liveKey(spec.subject);
      const data = structuredClone(event.data);
      for (const field of spec.fields) {
        const value = valueAt(data, field.path);
        if (value !== undefined && !isEncrypted(value)) setAt(data, field.path, encryptValue(key, keyId, value));
      }
      out.push({ type: event.type, data, metadata: event.metadata });
    }
    return out;
  }

  /** Whether an event holds encrypted fields: a type with personal fields whose payload carries a ciphertext. */
  covers(event: { streamId: string; type: string; data: unknown }): boolean {
    return (
      this.registered.some((entry) => entry.fields[event.type] !== undefined && event.streamId.startsWith(entry.streamPrefix)) && holdsEncrypted(event.data)
    );
  }

  /**
   * The event with its personal fields decrypted, as a new event with a new payload, or the event
   * itself when it holds none. The event given is never changed: readers replaying side by side share
   * their pages' events (ADR 0273), and a page may be kept for moments after a key is destroyed, so
   * clear text must never land in a shared object. A destroyed key gives each field its erased value
   * ("[borrado]"); a key that cannot be opened is an error, never an erasure. Every encrypted value of
   * the payload is found wherever it is, not only at the registered paths: an upcaster that renamed or
   * moved a field ran before this, on the stored (encrypted) payload.
   */
  async decryptedCopy(event: RecordedEvent): Promise<RecordedEvent> {
    const spec = this.fieldsOf(event.streamId, event.type);
    if (!spec || event.data === null || typeof event.data !== 'object') return event;
    const found: Array<{ path: string[]; value: string }> = [];
    collectEncrypted(event.data, [], found);
    if (found.length === 0) return event;
    const data = structuredClone(event.data);
    for (const { path, value } of found) {
      const keyId = keyIdOf(value);
      const key = this.keys.cachedKeyById(keyId) ?? (await this.keys.keyById(keyId));
      if (key !== DESTROYED) setAt(data, path, decryptValue(key, value));
      else setAt(data, path, structuredClone(spec.fields.find((field) => samePath(field.path, path))?.erased ?? ERASED));
    }
    return { ...event, data };
  }

  /**
   * A text about a person recorded outside their stream, such as a staff search term (ADR 0281):
   * encrypted under the live key of the member it names, so their erasure makes it unreadable like
   * their own fields; when it names no one member with a key, only a keyed digest of it is kept.
   */
  async protect(text: string, subject: string | undefined): Promise<string> {
    const live = subject === undefined ? undefined : await this.keys.existingLiveKey(subject);
    return live ? encryptValue(live.key, live.keyId, text) : this.keys.digest(text);
  }

  /**
   * A copy of a payload with every encrypted value read, whatever stream it came from: the value
   * while its key lives, "[borrado]" once destroyed. Digests stay as they are.
   */
  async reveal(data: unknown): Promise<unknown> {
    if (data === null || typeof data !== 'object') return data;
    const copy = structuredClone(data);
    const found: Array<{ path: string[]; value: string }> = [];
    collectEncrypted(copy, [], found);
    for (const { path, value } of found) {
      const keyId = keyIdOf(value);
      const key = this.keys.cachedKeyById(keyId) ?? (await this.keys.keyById(keyId));
      setAt(copy, path, key === DESTROYED ? ERASED : decryptValue(key, value));
    }
    return copy;
  }

  /** True when any personal field of this payload is still in clear (events stored before encryption). */
  hasClearFields(streamId: string, type: string, data: unknown): boolean {
    const spec = this.fieldsOf(streamId, type);
    return (
      !!spec &&
      spec.fields.some((field) => {
        const value = valueAt(data, field.path);
        return value !== undefined && !isEncrypted(value);
      })
    );
  }
}

/** Whether any string of a payload, at any depth, is a ciphertext. */
function holdsEncrypted(value: unknown): boolean {
  if (typeof value === 'string') return isEncrypted(value);
  if (value === null || typeof value !== 'object') return false;
  for (const key of Object.keys(value)) if (holdsEncrypted((value as Record<string, unknown>)[key])) return true;
  return false;
}

/** Every encrypted string of a payload with its path (objects and arrays, any depth). */
function collectEncrypted(value: unknown, path: string[], found: Array<{ path: string[]; value: string }>): void {
  if (typeof value === 'string') {
    if (isEncrypted(value)) found.push({ path: [...path], value });
    return;
  }
  if (value === null || typeof value !== 'object') return;
  // One path stack for the whole walk: copied only for what is found.
  for (const key of Object.keys(value)) {
    path.push(key);
    collectEncrypted((value as Record<string, unknown>)[key], path, found);
    path.pop();
  }
}

function samePath(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((segment, index) => segment === b[index]);
}

function valueAt(data: unknown, path: readonly string[]): unknown {
  let current: unknown = data;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

function setAt(data: unknown, path: readonly string[], value: unknown): void {
  let current = data as Record<string, unknown>;
  for (const segment of path.slice(0, -1)) current = current[segment] as Record<string, unknown>;
  current[path[path.length - 1]] = value;
}

import { deriveEventId } from './command-handler';
import { UpcasterRegistry } from './upcasters';
import type { RecordedEvent } from './event-store.port';

describe('deriveEventId', () => {
  it('gives each event of a command a stable, distinct UUID', () => {
    const commandId = '5f0c6a53-2f0e-4a53-9a52-0c5d1d2b9c11';
    const ids = [0, 1, 2].map((index) => deriveEventId(commandId, index));
    expect(ids).toEqual([0, 1, 2].map((index) => deriveEventId(commandId, index)));
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deriveEventId('another-command', 0)).not.toBe(ids[0]);
  });
});

describe('UpcasterRegistry', () => {
  const stored = (schemaVersion: number, data: unknown) =>
    ({ type: 'ProfileUpdated', data, metadata: { schemaVersion } }) as unknown as RecordedEvent;

  it('chains upcasters one version at a time and leaves current events untouched', () => {
    const registry = new UpcasterRegistry();
    registry.register('ProfileUpdated', 1, (data) => ({ ...(data as object), v2: true }));
    registry.register('ProfileUpdated', 2, (data) => ({ ...(data as object), v3: true }));
    const upcast = registry.upcast(stored(1, { a: 1 }));
    expect(upcast.data).toEqual({ a: 1, v2: true, v3: true });
    expect(upcast.metadata.schemaVersion).toBe(3);
    const current = stored(3, { a: 1 });
    expect(registry.upcast(current)).toBe(current);
  });

  it('refuses two upcasters for the same type and version', () => {
    const registry = new UpcasterRegistry();
    registry.register('ProfileUpdated', 1, (data) => data);
    expect(() => registry.register('ProfileUpdated', 1, (data) => data)).toThrow('already registered');
  });
});

import type { RecordedEvent } from './event-store.port';
import { upcasting } from './upcasters';

describe('upcasting', () => {
  const stored = (type: string, schemaVersion: number, data: unknown) => ({ type, data, metadata: { schemaVersion } }) as unknown as RecordedEvent;

  it('chains upcasters one version at a time and leaves current events untouched', () => {
    const upcast = upcasting({
      'ProfileUpdated@1': (data) => ({ ...(data as object), v2: true }),
      'ProfileUpdated@2': (data) => ({ ...(data as object), v3: true }),
    });
    const old = upcast(stored('ProfileUpdated', 1, { a: 1 }));
    expect(old.data).toEqual({ a: 1, v2: true, v3: true });
    expect(old.metadata.schemaVersion).toBe(3);
    const current = stored('ProfileUpdated', 3, { a: 1 });
    expect(upcast(current)).toBe(current);
  });

  it('never reads the metadata of a type without upcasters', () => {
    const other = {
      type: 'EnrolledInPlan',
      data: {},
      get metadata(): never {
        throw new Error('decoded');
      },
    } as unknown as RecordedEvent;
    expect(upcasting({ 'ProfileUpdated@1': (data) => data })(other)).toBe(other);
  });
});

import { memberScopedId, requestFingerprint } from './member-streams';

describe('memberScopedId', () => {
  const key = '0d9e7a52-3c1b-4f7e-9d2a-6b8c4e1f0a37';

  it('is a stable name-based UUID of member, kind and key', () => {
    const id = memberScopedId('user-1', 'complete-workout', key);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(memberScopedId('user-1', 'complete-workout', key)).toBe(id);
    expect(memberScopedId('user-1', 'complete-workout', key.toUpperCase())).toBe(id);
  });

  it('differs for another member, another kind of command or another key', () => {
    const id = memberScopedId('user-1', 'complete-workout', key);
    expect(memberScopedId('user-2', 'complete-workout', key)).not.toBe(id);
    expect(memberScopedId('user-1', 'enroll', key)).not.toBe(id);
    expect(memberScopedId('user-1', 'complete-workout', '1d9e7a52-3c1b-4f7e-9d2a-6b8c4e1f0a37')).not.toBe(id);
    expect(id).not.toBe(key);
  });
});

describe('requestFingerprint', () => {
  it('is the same for the same kind and input, and differs when either differs', () => {
    const input = { workoutId: 'w1', durationSec: 900 };
    expect(requestFingerprint('complete-workout', { ...input })).toBe(requestFingerprint('complete-workout', input));
    expect(requestFingerprint('complete-workout', { ...input, durationSec: 5 })).not.toBe(requestFingerprint('complete-workout', input));
    expect(requestFingerprint('enroll', input)).not.toBe(requestFingerprint('complete-workout', input));
  });
});

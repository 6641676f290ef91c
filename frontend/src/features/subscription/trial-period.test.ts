import { trialStartDate, trialStatus } from './trial-period';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('trial period', () => {
  it('counts 7 days including the first one', () => {
    expect(trialStatus('2026-11-22', '2026-11-22')).toMatchObject({ daysLeft: 7, lastDay: '2026-11-28', ended: false });
    expect(trialStatus('2026-11-22', '2026-11-28')).toMatchObject({ daysLeft: 1, ended: false });
    expect(trialStatus('2026-11-22', '2026-11-29')).toMatchObject({ daysLeft: 0, ended: true });
  });

  it("starts on the account's creation day in El Salvador when known", () => {
    expect(trialStartDate({ email: 'a@b.c', createdAt: '2026-11-21T03:00:00.000Z' }, '2026-11-22', memoryStorage())).toBe('2026-11-20');
  });

  it('otherwise remembers the first visit per member', () => {
    const storage = memoryStorage();
    expect(trialStartDate({ email: 'A@b.c' }, '2026-11-22', storage)).toBe('2026-11-22');
    expect(trialStartDate({ email: 'a@b.c' }, '2026-11-25', storage)).toBe('2026-11-22');
    expect(trialStartDate({ email: 'otra@b.c' }, '2026-11-25', storage)).toBe('2026-11-25');
  });
});

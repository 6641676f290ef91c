import { describe, expect, it } from 'vitest';
import { selectableMonths } from './challenges-page';

describe('months a challenge may be created for', () => {
  it('starts with the studio month and crosses the year', () => {
    expect(selectableMonths('2026-11-24', 4)).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(selectableMonths('2026-01-01')).toHaveLength(12);
    expect(selectableMonths('2026-01-01').at(-1)).toBe('2026-12');
  });
});

import { nestsDeeperThan } from './body-depth';

function nested(levels: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level += 1) value = level % 2 === 0 ? { a: value } : [value];
  return value;
}

describe('nestsDeeperThan', () => {
  it('lets scalars, flat bodies and bodies exactly at the limit through', () => {
    expect(nestsDeeperThan(undefined, 3)).toBe(false);
    expect(nestsDeeperThan('texto', 3)).toBe(false);
    expect(nestsDeeperThan({ profile: { goals: ['fuerza'] } }, 3)).toBe(false);
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
  });

  it('finds one level too many, in objects and in arrays, wherever it hides', () => {
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan({ shallow: 1, list: [1, 2, { deep: nested(2) }] }, 3)).toBe(true);
  });

  it('walks a body far deeper than the call stack allows without overflowing', () => {
    expect(nestsDeeperThan(nested(200_000), 32)).toBe(true);
  });
});

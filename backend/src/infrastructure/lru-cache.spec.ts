import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('forgets the least recently used entry when full', () => {
    const cache = new LruCache<string, number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('serves an entry until its time has passed, the shorter of its own and the cache’s', () => {
    let clock = 1000;
    const cache = new LruCache<string, string>({ maxEntries: 10, ttlMs: 100, now: () => clock });
    cache.set('short', 'x', 40);
    cache.set('long', 'y', 10_000);
    clock += 39;
    expect(cache.get('short')).toBe('x');
    clock += 1;
    expect(cache.get('short')).toBeUndefined();
    expect(cache.peek('long')).toBe('y');
    clock += 60;
    expect(cache.peek('long')).toBeUndefined();
    expect(cache.get('long')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('peeks without making an entry more recent', () => {
    const cache = new LruCache<string, number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.peek('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('a')).toBeUndefined();
  });

  it('lets a timer forget what it set even once its time has passed, and never a newer value', () => {
    let clock = 0;
    const cache = new LruCache<string, object>({ maxEntries: 3, ttlMs: 100, now: () => clock });
    const page = {};
    cache.set('p', page);
    clock += 100;
    cache.deleteIfHolding('p', page);
    expect(cache.size).toBe(0);
    const newer = {};
    cache.set('p', newer);
    cache.deleteIfHolding('p', page);
    expect(cache.peek('p')).toBe(newer);
  });
});

import { act, renderHook } from '@testing-library/react';
import { useIsMobile } from './use-is-mobile';

function installMatchMedia(width: { value: number }) {
  const listeners = new Set<() => void>();
  window.matchMedia = ((query: string) => ({
    media: query,
    get matches() {
      return width.value < 768;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return () => listeners.forEach((listener) => listener());
}

describe('useIsMobile', () => {
  it('follows the viewport across the 768 px breakpoint', () => {
    const width = { value: 1280 };
    const fire = installMatchMedia(width);
    const { result } = renderHook(() => useIsMobile());
    expect(result.current).toBe(false);
    width.value = 767;
    act(fire);
    expect(result.current).toBe(true);
    width.value = 768;
    act(fire);
    expect(result.current).toBe(false);
  });
});

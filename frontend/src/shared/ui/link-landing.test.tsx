import { renderHook } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { useOnArrival } from './link-landing';

const strict = ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>;

describe('useOnArrival', () => {
  it('acts once per visit, even when development mounts the page twice and it renders again', () => {
    const act = vi.fn();
    const { rerender } = renderHook(({ token }) => useOnArrival(token, () => act(token)), { wrapper: strict, initialProps: { token: 'abc.sig' } });
    rerender({ token: 'abc.sig' });
    expect(act.mock.calls).toEqual([['abc.sig']]);
  });

  it('does nothing for a link without its token', () => {
    const act = vi.fn();
    renderHook(() => useOnArrival('', act), { wrapper: strict });
    expect(act).not.toHaveBeenCalled();
  });
});

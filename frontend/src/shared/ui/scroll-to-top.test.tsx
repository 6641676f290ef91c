import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ScrollToTop } from './scroll-to-top';

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <ScrollToTop />
            <h2 id="workout">Entrenamiento</h2>
          </>
        ),
      },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ScrollToTop', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('leaves the page the browser loaded where the visitor has it', () => {
    renderAt('/reserva');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to the top when another page opens', async () => {
    const router = renderAt('/reserva');
    await act(() => router.navigate('/horarios'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('lines up the named section on arrival, even on the page the browser loaded', () => {
    renderAt('/#workout');
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'instant' }));
  });

  it('does not scroll when only the query of the page changes', async () => {
    const router = renderAt('/reserva');
    await act(() => router.navigate('/reserva?semana=2'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

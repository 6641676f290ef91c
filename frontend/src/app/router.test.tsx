import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from './router';
import { makeStore } from './store';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

describe('route table', () => {
  it('sends unknown paths to the landing page', async () => {
    const router = renderAt('/no-existe/para-nada');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/tecnología/);
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['/memberships', 'Membresías'],
    ['/register', 'Regístrate para tu clase gratis'],
    ['/workout', 'Métodos de Entrenamiento'],
    ['/workout/abc123', 'Cargando entrenamiento...'],
    ['/workout/abc/plan/p1/enrollment/e1', 'Cargando entrenamiento...'],
    ['/training/progress', 'Mi Progreso'],
  ])('mounts a page at %s', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});

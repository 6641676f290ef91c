import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PublicLayout } from './public-layout';

vi.mock('../../shared/config/runtime-config', async () => {
  const { TEST_RUNTIME_CONFIG: config } = await import('../../shared/testing/test-runtime-config');
  return { useRuntimeConfig: () => ({ config, isLoading: false, isError: false }) };
});

function renderLayout(path = '/') {
  const router = createMemoryRouter([{ element: <PublicLayout />, children: [{ path: '*', element: <p>página</p> }] }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('PublicLayout', () => {
  it('has the six navbar links and the free-class button', () => {
    renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    const [logo, ...links] = within(nav).getAllByRole('link');
    expect(logo).toHaveAttribute('href', '/');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Membresías', '/memberships'],
      ['Reserva', '/reserva'],
      ['Contáctanos', '/contactanos'],
      ['Login', '/login'],
      ['Plataforma', '/platform-register'],
      ['Clase Gratis', '/register'],
    ]);
  });

  it('opens and closes the collapsed menu with its toggle', async () => {
    const user = userEvent.setup();
    renderLayout();
    const toggle = screen.getByRole('button', { name: 'Abrir menú' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('site-menu')).toHaveClass('is-open');
  });

  it('closes the menu after navigating', async () => {
    const user = userEvent.setup();
    const router = renderLayout();
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    await user.click(within(screen.getByRole('navigation', { name: 'Principal' })).getByRole('link', { name: 'Reserva' }));
    expect(router.state.location.pathname).toBe('/reserva');
    expect(document.getElementById('site-menu')).not.toHaveClass('is-open');
  });

  it('shows the announcement until it is closed', async () => {
    const user = userEvent.setup();
    renderLayout();
    const banner = screen.getByRole('complementary', { name: 'Anuncio' });
    expect(within(banner).getByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/platform-register');
    await user.click(within(banner).getByRole('button', { name: 'Cerrar anuncio' }));
    expect(screen.queryByRole('complementary', { name: 'Anuncio' })).not.toBeInTheDocument();
  });

  it('leaves the announcement off the sign-in and sign-up pages and their steps', () => {
    for (const path of ['/login', '/login/factor-one', '/sign-in', '/platform-register', '/platform-register/verify', '/sign-up']) {
      renderLayout(path);
      expect(screen.queryByRole('complementary', { name: 'Anuncio' }), path).not.toBeInTheDocument();
      cleanup();
    }
  });

  it('keeps the announcement closed after a visit to the sign-in page', async () => {
    const user = userEvent.setup();
    const router = renderLayout('/memberships');
    await user.click(screen.getByRole('button', { name: 'Cerrar anuncio' }));
    await act(() => router.navigate('/login'));
    await act(() => router.navigate('/memberships'));
    expect(await screen.findByText('página')).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Anuncio' })).not.toBeInTheDocument();
  });

  it('ends with the footer: links, social links in a new tab, contact data and the current year', () => {
    renderLayout();
    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [
      ['Inicio', '/'],
      ['Membresías', '/memberships'],
      ['Métodos de Entrenamiento', '/workout'],
      ['Reserva', '/reserva'],
      ['Horarios', '/horarios'],
      ['Sistemas', '/sistemas'],
      ['Contáctanos', '/contactanos'],
      ['Aviso de privacidad', '/privacidad'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    for (const name of [/Facebook/, /Twitter/, /Instagram/]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
    expect(within(footer).getByText(/Santa Tecla/)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'servicioalcliente@pulso.sv' })).toHaveAttribute('href', 'mailto:servicioalcliente@pulso.sv');
    expect(within(footer).getByRole('link', { name: '+503 7845-2210' })).toHaveAttribute('href', 'tel:+50378452210');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()}`);
  });
});

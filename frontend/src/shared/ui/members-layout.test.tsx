import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IdentityContext, loadingIdentity } from '../identity/identity';
import { renderMemberPage } from '../testing/fake-members-backend';
import { api } from '../api/api';
import { MembersLayout } from './members-layout';

// Rendering whole pages with user-event is slow on a busy CI machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

describe('members layout', () => {
  it('links every member page in the spec order and marks the current one', () => {
    renderMemberPage(
      <MembersLayout>
        <p>contenido</p>
      </MembersLayout>,
      { path: '/training/plans' },
    );
    const nav = screen.getByRole('navigation', { name: 'Plataforma de entrenamiento' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Entrenamientos',
      'Planes',
      'Mis Clases',
      'Calendario',
      'Mi Progreso',
      'Temporizador',
      'Retos',
      'Perfil',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/training',
      '/training/workouts',
      '/training/plans',
      '/training/clases',
      '/training/calendario',
      '/training/progress',
      '/training/timer',
      '/training/retos',
      '/training/profile',
    ]);
    expect(within(nav).getByRole('link', { name: 'Planes' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('keeps the spec\'s five tabs on a phone and puts the rest under "Más", marked current on one of its pages', async () => {
    const user = userEvent.setup({ delay: null });
    renderMemberPage(
      <MembersLayout>
        <p>contenido</p>
      </MembersLayout>,
      { path: '/training/timer' },
    );
    const tabbar = screen.getByRole('navigation', { name: 'Navegación inferior' });
    expect(
      within(tabbar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Entrenamientos', 'Planes', 'Mi Progreso', 'Perfil']);
    const more = within(tabbar).getByRole('button', { name: 'Más' });
    expect(more).toHaveClass('active');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    const list = within(tabbar).getByRole('list', { name: 'Más secciones' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/training/clases', '/training/calendario', '/training/timer', '/training/retos']);
    expect(within(list).getByRole('link', { name: 'Temporizador' })).toHaveAttribute('aria-current', 'page');
    await user.keyboard('{Escape}');
    expect(within(tabbar).queryByRole('list', { name: 'Más secciones' })).not.toBeInTheDocument();
  });

  it("signs out with 'Cerrar Sesión', forgets cached member data and goes to /", async () => {
    const signOut = vi.fn(async () => undefined);
    const user = userEvent.setup({ delay: null });
    const { router, store } = renderMemberPage(
      <IdentityContext.Provider value={{ ...loadingIdentity, status: 'ready', isLoaded: true, isSignedIn: true, signOut }}>
        <MembersLayout>
          <p>contenido</p>
        </MembersLayout>
      </IdentityContext.Provider>,
      { path: '/training' },
    );
    await store.dispatch(api.util.upsertQueryData('getMemberProfile', undefined, { user: { email: 'maria@example.com', firstName: 'María' } } as never));
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(Object.keys(store.getState().api.queries)).toHaveLength(0);
  });
});

import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixtures, installFakeBackend, renderMemberPage } from '../../shared/testing/fake-members-backend';
import { SubscriptionPage } from './subscription-page';

// Rendering whole pages with user-event is slow on a busy CI machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

describe('subscription page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T20:00:00.000Z'));
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('explains the 7-day trial, links to the memberships and starts training', async () => {
    installFakeBackend({ 'GET /api/platform-users/profile': { body: { user: { ...fixtures.user, createdAt: '2026-11-20T15:00:00.000Z' } } } });
    const user = userEvent.setup({ delay: null });
    const { router } = renderMemberPage(<SubscriptionPage />, { path: '/subscription' });
    expect(await screen.findByRole('heading', { level: 1, name: '¡Bienvenida a Pulso, María!' })).toBeInTheDocument();
    expect(screen.getByText('5')).toBeInTheDocument();
    expect(screen.getByText('días restantes')).toBeInTheDocument();
    expect(screen.getByText('Tu prueba gratuita termina el 26 de noviembre de 2026.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver Membresías' })).toHaveAttribute('href', '/memberships');
    await user.click(screen.getByRole('button', { name: 'Comenzar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/training'));
  });

  it('greets a member who chose Otro without a gendered word', async () => {
    installFakeBackend({ 'GET /api/platform-users/profile': { body: { user: { ...fixtures.user, profile: { ...fixtures.user.profile, gender: 'other' } } } } });
    renderMemberPage(<SubscriptionPage />, { path: '/subscription' });
    expect(await screen.findByRole('heading', { level: 1, name: '¡Te damos la bienvenida a Pulso, María!' })).toBeInTheDocument();
  });

  it('starts the trial today when the account date is unknown', async () => {
    installFakeBackend({ 'GET /api/platform-users/profile': { body: { user: fixtures.user } } });
    renderMemberPage(<SubscriptionPage />, { path: '/subscription' });
    expect(await screen.findByText('7')).toBeInTheDocument();
    expect(screen.getByText('Tu prueba gratuita termina el 28 de noviembre de 2026.')).toBeInTheDocument();
  });
});

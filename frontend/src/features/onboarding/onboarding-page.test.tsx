import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeBackend, renderMemberPage } from '../../shared/testing/fake-members-backend';
import { HEALTH_DATA_NOTICE_VERSION, PRIVACY_NOTICE_VERSION } from '../../shared/lib/privacy-notices';
import { OnboardingPage } from './onboarding-page';

function setup(onboardingCompleted = false) {
  const backend = installFakeBackend({
    'GET /api/platform-users/onboarding-status': { body: { onboardingCompleted } },
    'PUT /api/platform-users/profile': ({ body }) => ({
      body: { user: { email: 'a@b.c', firstName: 'Ana', profile: (body as { profile: unknown }).profile } },
    }),
    'PUT /api/privacy/consents/terms-privacy': { body: { consents: [] } },
    'PUT /api/privacy/consents/health-data': { body: { consents: [] } },
  });
  const view = renderMemberPage(<OnboardingPage />, { path: '/onboarding' });
  return { backend, ...view };
}

async function fillStepOne(user: ReturnType<typeof userEvent.setup>, dateOfBirth = '1995-03-10') {
  if (dateOfBirth) await user.type(await screen.findByLabelText('Fecha de nacimiento'), dateOfBirth);
  await user.click(screen.getByLabelText('Femenino'));
  await user.type(screen.getByLabelText('Altura (cm)'), '165');
  await user.type(screen.getByLabelText('Peso (kg)'), '60');
  await user.click(screen.getByLabelText(/Acepto los términos/));
  await user.click(screen.getByLabelText(/Autorizo a Pulso/));
}

// Rendering whole pages with user-event is slow on a busy CI machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

describe('onboarding wizard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T15:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('redirects to /training when onboarding is already completed', async () => {
    const { router } = setup(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/training'));
  });

  it("gates 'Siguiente' on each step and offers 'Atrás' after step 1", async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    const next = await screen.findByRole('button', { name: /Siguiente/ });
    expect(next).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Atrás/ })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Fecha de nacimiento'), '1995-03-10');
    expect(screen.getByText('Por favor completa todos los campos requeridos')).toBeInTheDocument();
    await fillStepOne(user, '');
    expect(next).toBeEnabled();
    // Without the consents the step does not move on.
    await user.click(screen.getByLabelText(/Autorizo a Pulso/));
    expect(screen.getByText('Acepta el aviso de privacidad y autoriza el uso de tus datos de salud para continuar.')).toBeInTheDocument();
    expect(next).toBeDisabled();
    await user.click(screen.getByLabelText(/Autorizo a Pulso/));
    expect(next).toBeEnabled();
    await user.click(next);

    expect(screen.getByRole('heading', { name: '¿Qué quieres lograr?' })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(8);
    expect(screen.getByRole('button', { name: /Siguiente/ })).toBeDisabled();
    await user.click(screen.getByLabelText('Reducir estrés'));
    expect(screen.getByRole('button', { name: /Siguiente/ })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: /Atrás/ }));
    expect(screen.getByLabelText('Altura (cm)')).toHaveValue(165);
  });

  it('refuses members under 13', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await fillStepOne(user, '2014-01-01');
    expect(screen.getByText('Debes tener al menos 13 años para usar esta plataforma')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Siguiente/ })).toBeDisabled();
  });

  it('saves with completeOnboarding true and goes to /subscription', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend, router } = setup();
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: /Siguiente/ }));
    await user.click(screen.getByLabelText('Ganar músculo'));
    await user.click(screen.getByRole('button', { name: /Siguiente/ }));
    expect(screen.getByRole('button', { name: /Finalizar/ })).toBeDisabled();
    await user.click(screen.getByLabelText(/Intermedio/));
    await user.click(screen.getByRole('button', { name: /Finalizar/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
    // The consents are recorded, with the notices' versions, before the health data travel.
    expect(backend.calls('PUT /api/privacy/consents/terms-privacy')[0]?.body).toEqual({ granted: true, noticeVersion: PRIVACY_NOTICE_VERSION });
    expect(backend.calls('PUT /api/privacy/consents/health-data')[0]?.body).toEqual({ granted: true, noticeVersion: HEALTH_DATA_NOTICE_VERSION });
    expect(backend.calls('PUT /api/platform-users/profile')[0]?.body).toEqual({
      profile: { dateOfBirth: '1995-03-10T12:00:00.000Z', gender: 'female', height: 165, weight: 60, fitnessLevel: 'intermediate', goals: ['Ganar músculo'] },
      completeOnboarding: true,
    });
  });

  it('explains inline, never in a browser alert, when the save fails', async () => {
    const nativeAlert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = userEvent.setup({ delay: null });
    const { backend, router } = setup();
    backend.on('PUT /api/platform-users/profile', { status: 400, body: { error: 'Datos inválidos', message: 'Datos inválidos' } });
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: /Siguiente/ }));
    await user.click(screen.getByLabelText('Tonificar'));
    await user.click(screen.getByRole('button', { name: /Siguiente/ }));
    await user.click(screen.getByLabelText(/Principiante/));
    await user.click(screen.getByRole('button', { name: /Finalizar/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Error al guardar tu perfil. Por favor intenta de nuevo.');
    expect(nativeAlert).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/onboarding');
  });
});

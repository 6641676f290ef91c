import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeBackend, renderMemberPage, type FakeHandler } from '../../shared/testing/fake-members-backend';
import { EmailOptOutPage, OPT_OUT_MESSAGES } from './email-opt-out-page';

const DONE = 'Listo: ya no recibirás el resumen de rendimiento después de cada entrenamiento.';

function setup(at: string, handler: FakeHandler) {
  const backend = installFakeBackend({ 'POST /api/email-preferences/opt-out': handler });
  return { backend, ...renderMemberPage(<EmailOptOutPage />, { path: '/correo/baja', at }) };
}

describe('email opt-out page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('records the opt-out of the link on arrival, once, and says what stops, with the way to the profile', async () => {
    const { backend } = setup('/correo/baja?token=abc.performance-summary.sig', { body: { topic: 'performance-summary', message: DONE } });
    expect(await screen.findByRole('heading', { name: DONE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a mi perfil' })).toHaveAttribute('href', '/training/profile');
    expect(backend.calls('POST /api/email-preferences/opt-out').map((call) => call.body)).toEqual([{ token: 'abc.performance-summary.sig' }]);
  });

  it("shows the server's Spanish reason for a link it refuses", async () => {
    setup('/correo/baja?token=hola', { status: 400, body: { error: 'El enlace para dejar de recibir correos no es válido.' } });
    expect(await screen.findByRole('heading', { name: 'No pudimos usar este enlace' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('El enlace para dejar de recibir correos no es válido.');
  });

  it('sends nothing without a token', async () => {
    const { backend } = setup('/correo/baja', { body: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent(OPT_OUT_MESSAGES.missingToken);
    expect(backend.calls('POST /api/email-preferences/opt-out')).toEqual([]);
  });

  it('offers to try again after a network failure', async () => {
    const user = userEvent.setup({ delay: null });
    let down = true;
    setup('/correo/baja?token=abc.performance-summary.sig', () =>
      down ? { status: 503, body: {} } : { body: { topic: 'performance-summary', message: DONE } },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(OPT_OUT_MESSAGES.network);
    down = false;
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByRole('heading', { name: DONE })).toBeInTheDocument();
  });
});

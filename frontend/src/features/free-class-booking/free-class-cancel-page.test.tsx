import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeBackend, renderMemberPage, type FakeHandler } from '../../shared/testing/fake-members-backend';
import { FREE_CLASS_CANCEL_TEXTS, FreeClassCancelPage } from './free-class-cancel-page';

const BOOKING = { name: 'Marta', date: '2026-11-24', dateLabel: 'martes, 24 de noviembre de 2026', time: '4:00-5:00 pm', className: 'Upper Body and Abs' };
const DONE = 'Listo: cancelamos tu clase gratis y liberamos tu lugar. Puedes reservar otro horario cuando quieras.';

function setup(at: string, preview: FakeHandler, cancel: FakeHandler = { body: { message: DONE } }) {
  const backend = installFakeBackend({ 'POST /api/free-class/cancellation/preview': preview, 'POST /api/free-class/cancellation': cancel });
  return { backend, ...renderMemberPage(<FreeClassCancelPage />, { path: '/clase-gratis/cancelar', at }) };
}

describe('free-class cancel page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the class of the link and cancels it only once the guest confirms', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend } = setup('/clase-gratis/cancelar?token=abc.sig', { body: { ...BOOKING, cancellable: true } });
    expect(await screen.findByRole('heading', { name: 'Hola, Marta: ¿cancelas tu clase gratis?' })).toBeInTheDocument();
    expect(screen.getByText('Upper Body and Abs')).toBeInTheDocument();
    expect(screen.getByText('martes, 24 de noviembre de 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mantener mi clase' })).toHaveAttribute('href', '/');
    expect(backend.calls('POST /api/free-class/cancellation')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Sí, cancelar mi clase' }));
    expect(await screen.findByRole('heading', { name: 'Tu clase gratis quedó cancelada' })).toBeInTheDocument();
    expect(screen.getByText(DONE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reservar otro horario' })).toHaveAttribute('href', '/register');
    expect(backend.calls('POST /api/free-class/cancellation').map((call) => call.body)).toEqual([{ token: 'abc.sig' }]);
  });

  it('offers no cancellation once the class has begun', async () => {
    setup('/clase-gratis/cancelar?token=abc.sig', { body: { ...BOOKING, cancellable: false } });
    expect(await screen.findByRole('alert')).toHaveTextContent(FREE_CLASS_CANCEL_TEXTS.started);
    expect(screen.queryByRole('button', { name: 'Sí, cancelar mi clase' })).not.toBeInTheDocument();
  });

  it("shows the server's Spanish reason for a link it refuses", async () => {
    setup('/clase-gratis/cancelar?token=hola', { status: 400, body: { error: 'Este enlace no es válido.' } });
    expect(await screen.findByRole('heading', { name: 'No pudimos usar este enlace' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Este enlace no es válido.');
  });

  it('sends nothing without a token', async () => {
    const { backend } = setup('/clase-gratis/cancelar', { body: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent(FREE_CLASS_CANCEL_TEXTS.missingToken);
    expect(backend.calls('POST /api/free-class/cancellation/preview')).toEqual([]);
  });

  it('keeps the class and offers to try again when the cancellation cannot reach the studio', async () => {
    const user = userEvent.setup({ delay: null });
    let down = true;
    setup('/clase-gratis/cancelar?token=abc.sig', { body: { ...BOOKING, cancellable: true } }, () =>
      down ? { status: 503, body: {} } : { body: { message: DONE } },
    );
    await user.click(await screen.findByRole('button', { name: 'Sí, cancelar mi clase' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FREE_CLASS_CANCEL_TEXTS.network);
    down = false;
    await user.click(screen.getByRole('button', { name: 'Sí, cancelar mi clase' }));
    expect(await screen.findByRole('heading', { name: 'Tu clase gratis quedó cancelada' })).toBeInTheDocument();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeHeartRateStrap } from '../heart-rate/fake-bluetooth';
import { HEART_RATE_NOTICE } from '../heart-rate/heart-rate-notice';
import { useHeartRateSession } from '../heart-rate/use-heart-rate-session';
import type { WebBluetooth } from '../heart-rate/web-bluetooth';
import { heartRateProfile } from '../testing/heart-rate-fixtures';
import { installFakeBackend, renderMemberPage, type FakeBackend } from '../testing/fake-members-backend';
import { HeartRateLive } from './heart-rate-live';

function Harness({ bluetooth, now }: { bluetooth: WebBluetooth | null; now?: () => number }) {
  const session = useHeartRateSession({ bluetooth, now });
  return <HeartRateLive session={session} layout="bar" />;
}

function setup({
  consented = false,
  bluetooth = new FakeHeartRateStrap().bluetooth as WebBluetooth | null,
  now = undefined as (() => number) | undefined,
} = {}) {
  const backend: FakeBackend = installFakeBackend({
    'GET /api/heart-rate/profile': { body: heartRateProfile(consented) },
    'PUT /api/heart-rate/consent': ({ body }) => ({ body: heartRateProfile((body as { granted: boolean }).granted) }),
  });
  renderMemberPage(<Harness bluetooth={bluetooth} now={now} />, { path: '/' });
  return backend;
}

const connectButton = () => screen.findByRole('button', { name: 'Conectar sensor' });

/** "Conectar sensor" once the consent status has loaded. */
async function pressConnect() {
  await waitFor(async () => expect(await connectButton()).toBeEnabled());
  fireEvent.click(await connectButton());
}
const testId = (id: string) => screen.getByTestId(id);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HeartRateLive', () => {
  it('explains in Spanish where Web Bluetooth is missing, and asks the API nothing', async () => {
    const backend = setup({ bluetooth: null });
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Tu navegador no puede conectarse a sensores Bluetooth. Usa Chrome en Android o en una computadora',
    );
    expect(screen.queryByRole('button', { name: 'Conectar sensor' })).not.toBeInTheDocument();
    expect(backend.requests).toEqual([]);
  });

  it('"Ahora no" closes the notice: no consent recorded, no pairing', async () => {
    const strap = new FakeHeartRateStrap();
    const backend = setup({ bluetooth: strap.bluetooth });
    await pressConnect();
    const dialog = await screen.findByRole('dialog', { name: 'Frecuencia cardiaca' });
    expect(dialog).toHaveTextContent('registra tu frecuencia cardiaca durante cada entrenamiento');
    expect(dialog).toHaveTextContent('retirar tu consentimiento cuando quieras desde tu perfil');
    expect(dialog).toHaveTextContent('Conectar un sensor es opcional');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ahora no' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.calls('PUT /api/heart-rate/consent')).toEqual([]);
    expect(strap.calls).toEqual([]);
  });

  it('"Acepto" records consent to the notice shown, then pairs and shows BPM, zone, % of max and points', async () => {
    const strap = new FakeHeartRateStrap();
    const backend = setup({ bluetooth: strap.bluetooth });
    await pressConnect();
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Frecuencia cardiaca' })).getByRole('button', { name: 'Acepto' }));

    await waitFor(() => expect(testId('hr-state')).toHaveTextContent('Conectando…'));
    const [put] = backend.calls('PUT /api/heart-rate/consent');
    expect(put.body).toEqual({ granted: true, noticeVersion: HEART_RATE_NOTICE.version });
    expect(put.headers.get('idempotency-key')).toBeTruthy();
    expect(strap.calls[0]).toMatch(/^requestDevice/);

    act(() => strap.emit(0x0e, 0x96, 0x10, 0x00));
    expect(testId('hr-bpm')).toHaveTextContent('150');
    expect(testId('hr-zone')).toHaveTextContent('Moderada');
    expect(testId('hr-pct')).toHaveTextContent('79');
    expect(testId('hr-points')).toHaveTextContent('0');
    expect(testId('hr-state')).toHaveTextContent('Recibiendo');
  });

  it('pairs at once when consent to the current notice is on record', async () => {
    const strap = new FakeHeartRateStrap();
    const backend = setup({ consented: true, bluetooth: strap.bluetooth });
    await pressConnect();
    await waitFor(() => expect(testId('hr-state')).toHaveTextContent('Conectando…'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.calls('PUT /api/heart-rate/consent')).toEqual([]);
  });

  it("shows the API's message when the notice is outdated, and does not pair", async () => {
    const strap = new FakeHeartRateStrap();
    const backend = setup({ bluetooth: strap.bluetooth });
    backend.on('PUT /api/heart-rate/consent', { status: 409, body: { error: 'Conflicto', message: 'El aviso cambió: léelo de nuevo.' } });
    await pressConnect();
    const dialog = await screen.findByRole('dialog', { name: 'Frecuencia cardiaca' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acepto' }));
    expect(await within(dialog).findByText('El aviso cambió: léelo de nuevo.')).toBeInTheDocument();
    expect(strap.calls).toEqual([]);
  });

  it('after a drop shows the banner and "--", and "Reconectar" brings the sensor back', async () => {
    const strap = new FakeHeartRateStrap();
    setup({ consented: true, bluetooth: strap.bluetooth });
    await pressConnect();
    await waitFor(() => expect(testId('hr-state')).toHaveTextContent('Conectando…'));
    act(() => strap.emit(0x06, 160));
    expect(testId('hr-zone')).toHaveTextContent('Intensa');

    strap.failConnects = 100;
    act(() => strap.drop());
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Sensor desconectado — Reconectar');
    expect(testId('hr-bpm')).toHaveTextContent('--');
    expect(testId('hr-zone')).toHaveTextContent('--');
    expect(testId('hr-state')).toHaveTextContent('Reconectando…');

    strap.failConnects = 0;
    await waitFor(() => expect(within(banner).getByRole('button', { name: 'Reconectar' })).toBeEnabled(), { timeout: 3_000 });
    fireEvent.click(within(banner).getByRole('button', { name: 'Reconectar' }));
    await waitFor(() => expect(strap.calls.filter((call) => call === 'startNotifications')).toHaveLength(2));
    act(() => strap.emit(0x06, 120));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(testId('hr-bpm')).toHaveTextContent('120');
  });

  it('"Desconectar sensor" returns to the button', async () => {
    const strap = new FakeHeartRateStrap();
    setup({ consented: true, bluetooth: strap.bluetooth });
    await pressConnect();
    fireEvent.click(await screen.findByRole('button', { name: 'Desconectar sensor' }));
    expect(await connectButton()).toBeInTheDocument();
    expect(strap.calls).toContain('disconnect');
  });

  it('counts Puntos Pulso and shows the session badge once 12 minutes at the badge intensity are in', async () => {
    const strap = new FakeHeartRateStrap();
    let clock = 0;
    setup({ consented: true, bluetooth: strap.bluetooth, now: () => clock });
    await pressConnect();
    await waitFor(() => expect(testId('hr-state')).toHaveTextContent('Conectando…'));
    // 160 bpm is 84 % of this profile's 190 and zone 4 (4 points a minute).
    for (let second = 0; second < 12 * 60; second += 1) {
      act(() => strap.emit(0x06, 160));
      clock += 1_000;
    }
    expect(testId('hr-points')).toHaveTextContent('47');
    expect(screen.queryByRole('img', { name: 'Insignia de la sesión ganada' })).not.toBeInTheDocument();
    act(() => strap.emit(0x06, 160));
    expect(testId('hr-points')).toHaveTextContent('48');
    expect(screen.getByRole('img', { name: 'Insignia de la sesión ganada' })).toBeInTheDocument();
  });
});

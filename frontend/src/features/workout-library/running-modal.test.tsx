import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeHeartRateStrap } from '../../shared/heart-rate/fake-bluetooth';
import { heartRateProfile } from '../../shared/testing/heart-rate-fixtures';
import { installFakeBackend, renderMemberPage } from '../../shared/testing/fake-members-backend';
import type { RunningWorkoutDto } from '../../shared/api/generated-api';
import type { WebBluetooth } from '../../shared/heart-rate/web-bluetooth';
import { RunningModal } from './running-modal';

const run: RunningWorkoutDto = {
  _id: 'r1',
  title: 'Rodaje Suave',
  goal: 'Base aeróbica',
  description: 'Trote suave',
  difficulty: 'beginner',
  distance: 5,
  duration: 30,
  calories: 300,
  runningType: 'easy-run',
  terrain: 'road',
  intervals: [],
  isRunning: true,
  paceInstructions: 'Conversacional',
  requirements: [],
  tips: [],
};

function setup(bluetooth: WebBluetooth | null, onClose = vi.fn()) {
  installFakeBackend({ 'GET /api/heart-rate/profile': { body: heartRateProfile(true) } });
  return renderMemberPage(<RunningModal workout={run} onClose={onClose} bluetooth={bluetooth} />, { path: '/' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('running modal: heart rate', () => {
  it('pairs a sensor beside the run timer, which keeps running, and disconnects it when the modal closes', async () => {
    const strap = new FakeHeartRateStrap();
    const { unmount } = setup(strap.bluetooth);
    const dialog = await screen.findByRole('dialog', { name: 'Rodaje Suave' });
    fireEvent.click(within(dialog).getByRole('button', { name: /Iniciar/ }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Conectar sensor' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conectar sensor' }));
    await waitFor(() => expect(screen.getByTestId('hr-state')).toHaveTextContent('Conectando…'));
    act(() => strap.emit(0x06, 140));
    expect(screen.getByTestId('hr-bpm')).toHaveTextContent('140');
    expect(screen.getByTestId('hr-zone')).toHaveTextContent('Moderada');
    expect(within(dialog).getByRole('button', { name: /Pausar/ })).toBeInTheDocument();
    unmount();
    expect(strap.calls).toContain('disconnect');
  });

  it('explains where Web Bluetooth is missing and leaves the run as it was', async () => {
    setup(null);
    const dialog = await screen.findByRole('dialog', { name: 'Rodaje Suave' });
    expect(within(dialog).getByRole('note')).toHaveTextContent('Tu navegador no puede conectarse a sensores Bluetooth');
    expect(within(dialog).getByRole('button', { name: /Iniciar/ })).toBeEnabled();
  });
});

import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BoardParticipantDto, StudioClassStateDto } from '../../../shared/api/generated-api';
import { installFakeBackend, renderMemberPage } from '../../../shared/testing/fake-members-backend';
import { ClassPage } from './class-page';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

const SESSION = '6f1c2b9e-2f4e-4c1a-9a55-0c9d3c1f7a10';

function participant(sensorId: string, fullName: string, points: number): BoardParticipantDto {
  return {
    sensorId,
    fullName,
    label: fullName,
    kind: 'member',
    userId: `u-${sensorId}`,
    bookingId: null,
    bpm: null,
    lastReadingAt: null,
    maxHr: 187,
    pctMax: null,
    points,
    secondsInZone: [0, 0, 0, 0, 0],
    zone: null,
  };
}

function state(endedAt: string | null): StudioClassStateDto {
  return {
    today: { date: '2026-11-24', className: 'Box and Burn', slots: ['6:00-7:00 pm'], suggestedSlot: '6:00-7:00 pm', classes: [], suggestedSlotId: null },
    session: {
      id: SESSION,
      className: 'Box and Burn',
      slot: '6:00-7:00 pm',
      slotId: null,
      classDate: '2026-11-24',
      startedAt: '2026-11-25T00:00:00.000Z',
      endedAt,
    },
    participants: [participant('Polar H10 Carla', 'Carla Martínez', 6), participant('Polar H10 Diego', 'Diego Ramírez', 0)],
    unassignedSensors: [],
    zones: [{ zone: 4, name: 'Intensa', color: '#f97316' }],
    guestNoticeVersion: '2026-11-24.class-1',
    serverTime: '2026-11-25T01:00:00.000Z',
  };
}

describe("the console's end of a class (issue 19)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says which members the class was recorded for, from the answer to ending it, also once the page polls the ended class again', async () => {
    const user = userEvent.setup({ delay: null });
    let ended = false;
    const backend = installFakeBackend({
      'GET /api/staff/studio-class': () => ({ body: state(ended ? '2026-11-25T01:00:00.000Z' : null) }),
      'POST /api/staff/studio-class/end': () => {
        ended = true;
        return {
          body: {
            ...state('2026-11-25T01:00:00.000Z'),
            results: [
              { sensorId: 'Polar H10 Carla', fullName: 'Carla Martínez', recorded: true, points: 7 },
              { sensorId: 'Polar H10 Diego', fullName: 'Diego Ramírez', recorded: false, points: 0 },
            ],
          },
        };
      },
    });
    renderMemberPage(<ClassPage />, { path: '/staff/clase' });

    await user.click(await screen.findByRole('button', { name: 'Terminar clase' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Terminar la clase' })).getByRole('button', { name: 'Terminar clase' }));

    const summary = await screen.findByRole('region', { name: 'Clase terminada: Box and Burn · 6:00-7:00 pm' });
    const [carla, diego] = within(summary).getAllByRole('listitem');
    expect(carla).toHaveTextContent('Carla Martínez');
    expect(carla).toHaveTextContent('7 Puntos Pulso');
    expect(diego).toHaveTextContent('Diego Ramírez');
    expect(diego).toHaveTextContent('Sin lecturas: no se registró');
    // The ended class read again, without results: the summary stays as the end answered it.
    expect(backend.calls('GET /api/staff/studio-class').length).toBeGreaterThanOrEqual(2);
    expect(diego).toHaveTextContent('Sin lecturas: no se registró');
  });
});

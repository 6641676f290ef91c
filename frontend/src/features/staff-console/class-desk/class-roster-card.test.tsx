import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassRoster } from '../../../shared/api/api';
import type { ScheduledClassDto } from '../../../shared/api/generated-api';
import { installFakeBackend, renderMemberPage } from '../../../shared/testing/fake-members-backend';
import { ClassRosterCard } from './class-roster-card';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

const DATE = '2026-12-02';
const SLOT = '2f1c2b9e-2f4e-4c1a-9a55-0c9d3c1f7a10';
const BASE = `/api/staff/classes/${DATE}/${SLOT}`;
const SCHEDULED = { slotId: SLOT, date: DATE, label: '6:00-7:00 pm', className: 'Box and Burn', startTime: '18:00', cancelled: false } as ScheduledClassDto;

type GuestOutcome = 'attended' | 'converted' | null;

function roster(carla: 'booked' | 'checked-in', marta: GuestOutcome = null, withGuest = false): ClassRoster {
  return {
    date: DATE,
    slotId: SLOT,
    className: 'Box and Burn',
    startTime: '18:00',
    endTime: '19:00',
    capacity: 20,
    booked: [
      {
        bookingId: 'b-carla',
        memberId: 'm-carla',
        name: 'Carla Martínez',
        status: carla,
        checkedInAt: carla === 'booked' ? null : '2026-12-02T23:58:00.000Z',
      },
    ],
    waitlist: [
      { bookingId: 'w-2', memberId: 'm-eva', name: 'Eva Segunda', position: 2 },
      { bookingId: 'w-1', memberId: 'm-dani', name: 'Dani Primero', position: 1 },
    ],
    guests: withGuest
      ? [
          {
            bookingId: 'g-marta',
            name: 'Marta Ríos',
            status: marta ? 'checked-in' : 'booked',
            outcome: marta,
            checkedInAt: marta ? '2026-12-02T23:59:00.000Z' : null,
          },
        ]
      : [],
  };
}

function render(routes: Parameters<typeof installFakeBackend>[0] = {}) {
  let carla: 'booked' | 'checked-in' = 'booked';
  const backend = installFakeBackend({
    [`GET ${BASE}/roster`]: () => ({ body: roster(carla) }),
    [`POST ${BASE}/check-ins`]: ({ body }) => {
      const ok = (body as { bookingId?: string; code?: string }).bookingId === 'b-carla' || (body as { code?: string }).code === 'QR-CARLA';
      if (!ok)
        return {
          status: 404,
          body: { statusCode: 404, error: 'No encontramos esa reserva en esta clase.', message: 'No encontramos esa reserva en esta clase.' },
        };
      carla = 'checked-in';
      return { body: { bookingId: 'b-carla', memberId: 'm-carla', status: 'checked-in', checkedInAt: '2026-12-02T23:58:00.000Z' } };
    },
    'DELETE /api/staff/studio-class/straps/m-carla': { body: { straps: [] } },
    ...routes,
  });
  renderMemberPage(<ClassRosterCard date={DATE} scheduled={SCHEDULED} straps={new Map([['m-carla', 'Polar H10 Carla']])} />, { path: '/staff' });
  return backend;
}

describe("the desk's roster card on Hoy (issue 40)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the booked member with her remembered strap and the waitlist in order, and checks her in with one tap', async () => {
    const backend = render();
    const list = await screen.findByRole('list', { name: 'Reservas de 6:00-7:00 pm' });
    expect(within(list).getByText('Carla Martínez')).toBeInTheDocument();
    expect(within(list).getByText(/Banda: Polar H10 Carla/)).toBeInTheDocument();
    const waitlist = screen.getByRole('list', { name: 'Lista de espera de 6:00-7:00 pm' });
    expect(
      within(waitlist)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1.Dani Primero', '2.Eva Segunda']);
    expect(screen.getByText('1 de 20 lugares · 0 llegaron · 2 en lista de espera')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Registrar llegada de Carla Martínez' }));
    expect(await screen.findByText('Llegada registrada: Carla Martínez.')).toBeInTheDocument();
    expect(backend.calls(`POST ${BASE}/check-ins`).map((call) => call.body)).toEqual([{ bookingId: 'b-carla' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Registrar llegada de Carla Martínez' })).not.toBeInTheDocument());
    expect(screen.getByText('1 de 20 lugares · 1 llegó · 2 en lista de espera')).toBeInTheDocument();
  });

  it('posts the code a handheld scanner types with Enter, once, and says in Spanish when it is not for this class', async () => {
    const backend = render();
    const field = await screen.findByLabelText('Código QR del miembro (6:00-7:00 pm)');
    await userEvent.type(field, '  QR-OTRA  {Enter}');
    expect(await screen.findByText('No encontramos esa reserva en esta clase.')).toBeInTheDocument();
    await userEvent.type(field, 'QR-CARLA{Enter}');
    expect(await screen.findByText('Llegada registrada: Carla Martínez.')).toBeInTheDocument();
    await userEvent.type(field, '   {Enter}');
    expect(backend.calls(`POST ${BASE}/check-ins`).map((call) => call.body)).toEqual([{ code: 'QR-OTRA' }, { code: 'QR-CARLA' }]);
    expect(field).toHaveValue('');
  });

  it('offers the camera only where the browser reads barcodes', async () => {
    render();
    await screen.findByRole('list', { name: 'Reservas de 6:00-7:00 pm' });
    expect(screen.queryByRole('button', { name: /Cámara/ })).not.toBeInTheDocument();
  });

  it('reads the QR with the camera where the browser has BarcodeDetector, posts it once and lets the camera go', async () => {
    const stop = vi.fn();
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        detect() {
          return Promise.resolve([{ rawValue: ' QR-CARLA ' }]);
        }
      },
    );
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn().mockResolvedValue({ getTracks: () => [{ stop }] }) },
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const backend = render();
    await userEvent.click(await screen.findByRole('button', { name: /Cámara/ }));
    expect(await screen.findByText('Llegada registrada: Carla Martínez.')).toBeInTheDocument();
    expect(backend.calls(`POST ${BASE}/check-ins`).map((call) => call.body)).toEqual([{ code: 'QR-CARLA' }]);
    await waitFor(() => expect(stop).toHaveBeenCalled());
    expect(screen.queryByLabelText('Cámara para leer el código QR')).not.toBeInTheDocument();
  });

  it('lists a free-class guest beside the members: checked in with one tap, then marked "Se hizo miembro" (ADR 0380)', async () => {
    let marta: GuestOutcome = null;
    const backend = render({
      [`GET ${BASE}/roster`]: () => ({ body: roster('booked', marta, true) }),
      [`POST ${BASE}/check-ins`]: () => {
        marta = 'attended';
        return { body: { bookingId: 'g-marta', memberId: '', status: 'checked-in', checkedInAt: '2026-12-02T23:59:00.000Z' } };
      },
      'POST /api/staff/free-class-bookings/g-marta/outcome': () => {
        marta = 'converted';
        return { body: {} };
      },
    });
    const list = await screen.findByRole('list', { name: 'Reservas de 6:00-7:00 pm' });
    expect(within(list).getByText('Marta Ríos')).toBeInTheDocument();
    expect(within(list).getByText('Invitado · clase gratis')).toBeInTheDocument();
    expect(screen.getByText('2 de 20 lugares · 0 llegaron · 2 en lista de espera')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marta Ríos se hizo miembro' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Registrar llegada de Marta Ríos' }));
    expect(await screen.findByText('Llegada registrada: Marta Ríos.')).toBeInTheDocument();
    expect(backend.calls(`POST ${BASE}/check-ins`).map((call) => call.body)).toEqual([{ bookingId: 'g-marta' }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Marta Ríos se hizo miembro' }));
    expect(await screen.findByText('Se hizo miembro: Marta Ríos.')).toBeInTheDocument();
    expect(backend.calls('POST /api/staff/free-class-bookings/g-marta/outcome').map((call) => call.body)).toEqual([{ outcome: 'converted' }]);
    expect(await within(list).findByText('Se hizo miembro', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getByText('2 de 20 lugares · 1 llegó · 2 en lista de espera')).toBeInTheDocument();
  });

  it('forgets a member’s strap from the roster', async () => {
    const backend = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Olvidar la banda de Carla Martínez' }));
    expect(await screen.findByText('Banda olvidada: Carla Martínez.')).toBeInTheDocument();
    expect(backend.calls('DELETE /api/staff/studio-class/straps/m-carla')).toHaveLength(1);
  });
});

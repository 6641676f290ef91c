import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeBackend, renderMemberPage, type FakeHandler } from '../../shared/testing/fake-members-backend';
import { ClassBookingPage } from './class-booking-page';
import type { BookableClass, ClassesAnswer, MemberBooking } from './class-booking-api';

// Monday 7 December 2026, 9:00 in San Salvador.
const NOW = new Date('2026-12-07T15:00:00.000Z');
const POLICY = { bookingOpensDays: 3, cancelCutoffHours: 2, waitlistCutoffHours: 2, lateCancelKeepsCredit: false, noShowKeepsCredit: false, reminderHours: 3 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function lesson(overrides: Partial<BookableClass>): BookableClass {
  return {
    slotId: 'slot-1715',
    date: '2026-12-07',
    startTime: '17:15',
    endTime: '18:15',
    label: '5:15-6:15 pm',
    className: 'Box and Burn',
    description: '',
    coach: 'Andrea',
    lengthMin: 60,
    capacity: 12,
    booked: 9,
    free: 3,
    waitlist: 0,
    cancelled: false,
    notice: '',
    bookable: true,
    notBookableReason: null,
    myBooking: null,
    ...overrides,
  };
}

function week(
  classes: BookableClass[],
  membership: ClassesAnswer['membership'] = { planTitle: '4 Classes', classesLeft: 3, validUntil: '2026-12-31' },
): ClassesAnswer {
  return {
    policy: POLICY,
    membership,
    days: ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10'].map((date, index) => ({
      date,
      dayName: ['Lunes', 'Martes', 'Miércoles', 'Jueves'][index]!,
      closed: null,
      classes: classes.filter((item) => item.date === date),
    })),
  };
}

const NONE = { upcoming: [] as MemberBooking[], past: [] as MemberBooking[] };

function setup(classes: ClassesAnswer, overrides: Record<string, FakeHandler> = {}) {
  const backend = installFakeBackend({ 'GET /api/classes': { body: classes }, 'GET /api/classes/bookings/me': { body: NONE }, ...overrides });
  return { backend, ...renderMemberPage(<ClassBookingPage />, { path: '/training/clases' }) };
}

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

describe('class booking page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    // A wide screen: the page opens on the week.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the open days with free spots, the member’s own place and the plan at the top', async () => {
    const { backend } = setup(
      week([
        lesson({}),
        lesson({
          slotId: 'slot-0630',
          date: '2026-12-08',
          startTime: '06:30',
          endTime: '07:30',
          label: '6:30-7:30 am',
          className: 'Clásico 60 Min',
          free: 0,
          waitlist: 2,
        }),
        lesson({
          slotId: 'slot-0800',
          date: '2026-12-09',
          startTime: '08:00',
          endTime: '09:00',
          label: '8:00-9:00 am',
          myBooking: { bookingId: 'b1', status: 'waitlisted', waitlistPosition: 1, cancelFree: true },
        }),
        lesson({ slotId: 'slot-late', date: '2026-12-10' }),
      ]),
    );
    const monday = await screen.findByRole('region', { name: 'Hoy, lunes 7 de diciembre' });
    expect(backend.calls('GET /api/classes')[0]!.search).toBe('?from=2026-12-07&days=7');
    const boxAndBurn = within(monday).getByRole('listitem', { name: 'Box and Burn, 5:15-6:15 pm' });
    expect(boxAndBurn).toHaveTextContent('3 lugares');
    expect(boxAndBurn).toHaveTextContent('con Andrea');
    const full = within(screen.getByRole('region', { name: 'Mañana, martes 8 de diciembre' })).getByRole('listitem');
    expect(full).toHaveTextContent('Llena · 2 en espera');
    expect(within(full).getByRole('button', { name: 'Unirme a la lista de espera' })).toBeInTheDocument();
    const mine = within(screen.getByRole('region', { name: 'miércoles 9 de diciembre' })).getByRole('listitem');
    expect(mine).toHaveTextContent('En lista de espera · lugar 1');
    expect(within(mine).getByRole('button', { name: 'Salir de la lista' })).toBeInTheDocument();
    // Booking opens 3 days ahead: Thursday is not offered.
    expect(screen.queryByRole('region', { name: /jueves 10 de diciembre/ })).not.toBeInTheDocument();
    const plan = screen.getByRole('region', { name: 'Tu membresía' });
    expect(plan).toHaveTextContent('4 Classes');
    expect(plan).toHaveTextContent('Te quedan 3 clases');
    expect(plan).toHaveTextContent('Vigente hasta el 31 de diciembre de 2026');
    expect(screen.getByRole('region', { name: 'Cómo funcionan las reservas' })).toHaveTextContent('Puedes cancelar sin costo hasta 2 h antes de la clase');
  });

  it("shows the server's message when the classes cannot be loaded, and says nothing of the membership", async () => {
    setup(week([]), {
      'GET /api/classes': { status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message: 'La fecha no es válida.' } },
    });
    expect(await screen.findByText(/No pudimos cargar las clases\. La fecha no es válida\./)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tu membresía' })).not.toBeInTheDocument();
  });

  it('tells a member without a membership how to get one', async () => {
    setup(week([lesson({})], null));
    const plan = await screen.findByRole('region', { name: 'Tu membresía' });
    expect(plan).toHaveTextContent('Aún no tienes una membresía. Con una puedes reservar tus clases en el estudio.');
    expect(within(plan).getByRole('link', { name: 'Ver Membresías' })).toHaveAttribute('href', '/memberships');
  });

  it("states the studio's rules before booking and retries a lost answer with the same Idempotency-Key", async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    const { backend } = setup(week([lesson({})]), {
      'POST /api/classes/2026-12-07/slot-1715/bookings': () =>
        ++attempts === 1
          ? { status: 503, body: { statusCode: 503, error: 'No disponible', message: 'El servicio no está disponible en este momento.' } }
          : { status: 201, body: { bookingId: 'b9', status: 'booked', waitlistPosition: null, classesLeft: 2 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Reservar' }));
    const dialog = screen.getByRole('dialog', { name: 'Reservar clase' });
    expect(dialog).toHaveTextContent('Antes de reservar');
    expect(dialog).toHaveTextContent('Si cancelas después o no llegas, la clase se descuenta de tu membresía.');
    expect(dialog).toHaveTextContent('Reservar usa 1 clase de tu membresía (te quedan 3).');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar reserva' }));
    expect(await within(dialog).findByText('El servicio no está disponible en este momento.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('dialog', { name: '¡Clase reservada!' })).toHaveTextContent(
      '¡Listo! Tienes tu lugar en Box and Burn, lunes 7 de diciembre, 5:15-6:15 pm. Te quedan 2 clases.',
    );
    const [first, retry] = backend.calls('POST /api/classes/2026-12-07/slot-1715/bookings');
    expect(first!.body).toEqual({ waitlist: false });
    expect(first!.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(retry!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'));
    expect(screen.getByRole('button', { name: 'Agregar a mi calendario' })).toBeInTheDocument();
  });

  it('offers the waitlist when the class filled up meanwhile, as a new attempt', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend } = setup(week([lesson({})]), {
      'POST /api/classes/2026-12-07/slot-1715/bookings': ({ body }) =>
        (body as { waitlist: boolean }).waitlist
          ? { status: 201, body: { bookingId: 'b9', status: 'waitlisted', waitlistPosition: 1, classesLeft: 2 } }
          : {
              status: 409,
              body: { statusCode: 409, error: 'Conflict', message: 'La clase está llena. Puedes unirte a la lista de espera.', field: 'waitlist' },
            },
    });
    await user.click(await screen.findByRole('button', { name: 'Reservar' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar reserva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unirme a la lista de espera' });
    expect(within(dialog).getByText('La clase está llena. Puedes unirte a la lista de espera.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('La clase está llena. Aún no hay nadie en la lista de espera.');
    await user.click(within(dialog).getByRole('button', { name: 'Unirme a la lista de espera' }));
    expect(await screen.findByRole('dialog', { name: 'Estás en la lista de espera' })).toHaveTextContent(
      'Estás en la lista de espera de Box and Burn, en el lugar 1. Si se libera un lugar hasta 2 h antes de la clase, entras solo y te avisamos por correo.',
    );
    const [seat, waitlist] = backend.calls('POST /api/classes/2026-12-07/slot-1715/bookings');
    expect(waitlist!.body).toEqual({ waitlist: true });
    expect(waitlist!.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(waitlist!.headers.get('Idempotency-Key')).not.toBe(seat!.headers.get('Idempotency-Key'));
  });

  it('says before cancelling that a late cancellation uses the class, then what the server did', async () => {
    const user = userEvent.setup({ delay: null });
    // 10:30 is less than 2 h before the 12:00 class.
    vi.setSystemTime(new Date('2026-12-07T16:30:00.000Z'));
    const { backend } = setup(
      week([
        lesson({
          slotId: 'slot-1200',
          startTime: '12:00',
          endTime: '13:00',
          label: '12:00-1:00 pm',
          myBooking: { bookingId: 'b1', status: 'booked', waitlistPosition: null, cancelFree: false },
        }),
      ]),
      { 'DELETE /api/classes/bookings/b1': { body: { bookingId: 'b1', status: 'cancelled', late: true, creditReturned: false } } },
    );
    const item = await screen.findByRole('listitem', { name: 'Box and Burn, 12:00-1:00 pm' });
    await user.click(within(item).getByRole('button', { name: 'Cancelar reserva' }));
    const dialog = screen.getByRole('dialog', { name: '¿Cancelar tu reserva?' });
    expect(dialog).toHaveTextContent(
      'Faltan menos de 2 h para la clase: si cancelas ahora, la clase se descuenta de tu membresía y no regresa. No hay ningún cargo extra.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Reserva cancelada. Como fue tarde, la clase se descontó de tu membresía.');
    expect(backend.calls('DELETE /api/classes/bookings/b1')).toHaveLength(1);
  });

  it('lists Mis reservas and shows the day’s check-in code', async () => {
    const user = userEvent.setup({ delay: null });
    const booking = (overrides: Partial<MemberBooking>): MemberBooking => ({
      bookingId: 'b1',
      date: '2026-12-07',
      slotId: 'slot-1715',
      startTime: '17:15',
      endTime: '18:15',
      className: 'Box and Burn',
      coach: 'Andrea',
      status: 'booked',
      waitlistPosition: null,
      late: false,
      ...overrides,
    });
    setup(week([]), {
      'GET /api/classes/bookings/me': {
        body: {
          upcoming: [booking({}), booking({ bookingId: 'b2', date: '2026-12-08', status: 'waitlisted', waitlistPosition: 2 })],
          past: [booking({ bookingId: 'b0', date: '2026-12-04', status: 'no-show' })],
        },
      },
      'GET /api/classes/bookings/b1/check-in-code': { body: { code: 'PULSO-7f3a9c2e' } },
    });
    const mine = await screen.findByRole('region', { name: 'Mis reservas' });
    const items = await within(mine).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Hoy, lunes 7 de diciembre · 5:15-6:15 pm');
    expect(items[0]).toHaveTextContent('Reservada');
    expect(items[1]).toHaveTextContent('En lista de espera · lugar 2');
    expect(within(items[1]!).queryByRole('button', { name: 'Mostrar mi código' })).not.toBeInTheDocument();
    await user.click(within(mine).getByRole('button', { name: 'Pasadas' }));
    expect(within(mine).getByRole('listitem')).toHaveTextContent('No llegaste');

    await user.click(within(screen.getByRole('region', { name: 'Tu clase de hoy' })).getByRole('button', { name: 'Mostrar mi código' }));
    const code = await screen.findByRole('img', { name: 'Código QR para tu check-in' });
    expect(code.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_RUNTIME_CONFIG } from '../../shared/testing/test-runtime-config';
import { FreeClassBookingPage } from './free-class-booking-page';

const register = vi.fn();
const refetch = vi.fn();

const WEEKDAY = [
  '5:15-6:15 am',
  '6:30-7:30 am',
  '8:00-9:00 am',
  '10:30-11:30 am',
  '12:00-1:00 pm',
  '4:00-5:00 pm',
  '6:00-7:00 pm',
  '7:15-8:15 pm',
  '8:30-9:30 pm',
];

/** What GET /api/free-class/schedule answers on a Monday at 06:00 in El Salvador. */
const SCHEDULE = {
  timeZone: 'America/El_Salvador',
  days: [
    { date: '2026-11-23', label: 'Lunes, 23 de noviembre', className: 'Box and Burn', slots: WEEKDAY.slice(1), full: [] },
    { date: '2026-11-24', label: 'Martes, 24 de noviembre', className: 'Upper Body and Abs', slots: WEEKDAY, full: [] },
    { date: '2026-11-25', label: 'Miércoles, 25 de noviembre', className: 'Box and Burn', slots: WEEKDAY, full: ['6:00-7:00 pm'] },
    { date: '2026-11-26', label: 'Jueves, 26 de noviembre', className: 'Lower Body Power', slots: WEEKDAY, full: [] },
    { date: '2026-11-27', label: 'Viernes, 27 de noviembre', className: 'Box and Burn', slots: ['8:00-9:00 am', '9:30-10:30 am'], full: [] },
    { date: '2026-11-28', label: 'Sábado, 28 de noviembre', className: 'Clásico 60 Min', slots: WEEKDAY, full: [] },
  ],
};

type ScheduleState = { data?: typeof SCHEDULE; isLoading: boolean; isError: boolean; isFetching: boolean; refetch: typeof refetch };
const loaded = (): ScheduleState => ({ data: SCHEDULE, isLoading: false, isError: false, isFetching: false, refetch });
let schedule: ScheduleState = loaded();

vi.mock('../../shared/api/api', () => ({
  useRegisterForFreeClassMutation: () => [register, { isLoading: false }],
  useGetFreeClassScheduleQuery: () => schedule,
}));

vi.mock('../../shared/config/runtime-config', async () => {
  const { TEST_RUNTIME_CONFIG: config } = await import('../../shared/testing/test-runtime-config');
  return { useRuntimeConfig: () => ({ config, isLoading: false, isError: false }) };
});

function renderPage() {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <FreeClassBookingPage />
    </MemoryRouter>,
  );
  return user;
}

const field = (label: string) => screen.getByLabelText(label);

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Nombre'), 'Ana');
  await user.type(field('Apellido'), 'Martínez');
  await user.type(field('DUI'), '012345678');
  await user.type(field('Correo Electrónico'), 'ana@example.com');
  await user.type(field('Teléfono'), '70001234');
  await user.selectOptions(field('Fecha'), '2026-11-24');
  await user.selectOptions(field('Horario'), '4:00-5:00 pm');
}

// Rendering whole pages with user-event is slow on a busy CI machine.
vi.setConfig({ testTimeout: 20_000 });

describe('FreeClassBookingPage', () => {
  beforeEach(() => {
    schedule = loaded();
    register.mockReset();
    refetch.mockReset();
  });

  it('shows the title, both sections and the submit button', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Regístrate para tu clase gratis' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Tu Información/ })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Escoge la fecha y horario para tu clase/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeInTheDocument();
  });

  it('reports every missing field with its message and the form message', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    for (const message of [
      'Nombre es requerido.',
      'Apellido es requerido.',
      'DUI es requerido.',
      'Correo Electrónico es requerido.',
      'Teléfono es requerido.',
      'Fecha es requerida.',
      'Horario es requerido.',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor completa todos los campos requeridos.');
    expect(register).not.toHaveBeenCalled();
  });

  it('brings the first invalid field into view and focuses it', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(field('Nombre')).toHaveFocus();
    expect(scrolled).toEqual([field('Nombre')]);

    await fillValidForm(user);
    await user.clear(field('Correo Electrónico'));
    await user.selectOptions(field('Fecha'), '2026-11-25');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(field('Correo Electrónico')).toHaveFocus();
    expect(screen.getByText('Horario es requerido.')).toBeInTheDocument();
    // jsdom has no scrolling of its own.
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('clears the error of a field as soon as it is edited', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await user.type(field('Nombre'), 'A');
    expect(screen.queryByText('Nombre es requerido.')).not.toBeInTheDocument();
    expect(screen.getByText('Apellido es requerido.')).toBeInTheDocument();
  });

  it('accepts only digits in the DUI, nine at most, and wants 8 or 9', async () => {
    const user = renderPage();
    await user.type(field('DUI'), '01a2-345b6789999');
    expect(field('DUI')).toHaveValue('012345678');
    await user.clear(field('DUI'));
    await user.type(field('DUI'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(screen.getByText('DUI debe contener solo números y ser de 8 o 9 dígitos.')).toBeInTheDocument();
  });

  it('starts the phone in El Salvador, shown as +503 beside the number, and wants the full number', async () => {
    const user = renderPage();
    expect(screen.getByRole('combobox', { name: 'País' })).toHaveValue('SV');
    expect(screen.getByTitle('El Salvador')).toHaveTextContent('+503');
    expect(field('Teléfono')).toHaveValue('');
    await user.type(field('Teléfono'), '7000');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(screen.getByText('El número debe incluir el código de país y tener al menos 8 dígitos.')).toBeInTheDocument();
  });

  it("offers the server's days with their labels, and the slots and class of the chosen day", async () => {
    const user = renderPage();
    const dates = within(field('Fecha'))
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(dates).toEqual(['', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
    expect(within(field('Fecha')).getByRole('option', { name: 'Martes, 24 de noviembre' })).toHaveValue('2026-11-24');
    expect(field('Horario')).toBeDisabled();

    await user.selectOptions(field('Fecha'), '2026-11-27');
    expect(
      within(field('Horario'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Selecciona un horario', '8:00-9:00 am', '9:30-10:30 am']);
    expect(within(field('Horario')).getByRole('group', { name: 'Clase del día: Box and Burn' })).toContainElement(
      within(field('Horario')).getByRole('option', { name: '9:30-10:30 am' }),
    );
    expect(screen.getByTestId('class-name')).toHaveTextContent('Box and Burn');

    await user.selectOptions(field('Fecha'), '2026-11-28');
    expect(within(field('Horario')).getAllByRole('option')).toHaveLength(10);
    expect(screen.getByTestId('class-name')).toHaveTextContent('Clásico 60 Min');

    await user.selectOptions(field('Fecha'), '2026-11-24');
    expect(screen.getByTestId('class-name')).toHaveTextContent('Upper Body and Abs');
  });

  it('shows a slot whose class is full in its place, marked and not selectable', async () => {
    const user = renderPage();
    await user.selectOptions(field('Fecha'), '2026-11-25');
    const full = within(field('Horario')).getByRole('option', { name: '6:00-7:00 pm · llena' });
    expect(full).toBeDisabled();
    expect(within(field('Horario')).getByRole('option', { name: '4:00-5:00 pm' })).toBeEnabled();
    await user.selectOptions(field('Horario'), '4:00-5:00 pm');
    expect(field('Horario')).toHaveValue('4:00-5:00 pm');
  });

  it('waits for the schedule with the date disabled', () => {
    schedule = { isLoading: true, isError: false, isFetching: true, refetch };
    renderPage();
    expect(field('Fecha')).toBeDisabled();
    expect(
      within(field('Fecha'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Cargando fechas…']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says in Spanish when the schedule cannot be loaded, and retries on demand', async () => {
    schedule = { isLoading: false, isError: true, isFetching: false, refetch };
    const user = renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent('No pudimos cargar las fechas disponibles.');
    expect(field('Fecha')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('clears the chosen time when the date changes', async () => {
    const user = renderPage();
    await user.selectOptions(field('Fecha'), '2026-11-24');
    await user.selectOptions(field('Horario'), '4:00-5:00 pm');
    expect(field('Horario')).toHaveValue('4:00-5:00 pm');
    await user.selectOptions(field('Fecha'), '2026-11-25');
    expect(field('Horario')).toHaveValue('');
  });

  it('sends the booking and replaces the form with the recap of the class', async () => {
    register.mockReturnValue({ unwrap: () => Promise.resolve({ message: 'ok' }) });
    const user = renderPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(register).toHaveBeenCalledWith({
      registerFreeClassDto: {
        name: 'Ana',
        lastname: 'Martínez',
        dui: '012345678',
        email: 'ana@example.com',
        cellphone: '+50370001234',
        date: '2026-11-24',
        time: '4:00-5:00 pm',
      },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('¡Registro exitoso! Revisa tu correo para más detalles.');
    expect(screen.queryByRole('form', { name: 'Reserva de clase gratis' })).not.toBeInTheDocument();
    const title = screen.getByRole('heading', { name: '¡Listo, Ana! Tu clase gratis está reservada' });
    expect(title).toHaveFocus();
    const recap = Object.fromEntries(
      within(screen.getByRole('region', { name: /Tu clase gratis está reservada/ }))
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent?.trim()]),
    );
    expect(recap).toEqual({
      Clase: 'Upper Body and Abs',
      Fecha: 'Martes, 24 de noviembre',
      Horario: '4:00-5:00 pm',
      Dirección: `${TEST_RUNTIME_CONFIG.contact.address} Ver en el mapa`,
    });
    expect(screen.getByRole('link', { name: 'Ver en el mapa' })).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(TEST_RUNTIME_CONFIG.contact.address)}`,
    );
    expect(screen.getByText('Trae ropa deportiva, agua y una toalla pequeña', { selector: '.booking-confirmation li span' })).toBeInTheDocument();

    const calendar = screen.getByRole('link', { name: 'Agregar a mi calendario' });
    expect(calendar).toHaveAttribute('download', 'clase-gratis-pulso.ics');
    const ics = decodeURIComponent(calendar.getAttribute('href')!.replace('data:text/calendar;charset=utf-8,', ''));
    expect(ics).toContain('DTSTART:20261124T220000Z');
    expect(ics).toContain('SUMMARY:Clase gratis: Upper Body and Abs');
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');

    await user.click(screen.getByRole('button', { name: 'Reservar para otra persona' }));
    expect(field('Nombre')).toHaveValue('');
    expect(field('DUI')).toHaveValue('');
    expect(field('Fecha')).toHaveValue('');
    expect(field('Horario')).toHaveValue('');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows the server's error and keeps what was typed", async () => {
    register.mockReturnValue({
      unwrap: () => Promise.reject({ status: 409, data: { error: 'Ya existe una clase gratis registrada con este DUI. La clase gratis es una por persona.' } }),
    });
    const user = renderPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ya existe una clase gratis registrada con este DUI. La clase gratis es una por persona.');
    expect(field('Nombre')).toHaveValue('Ana');
  });

  it('shows the connection message when the server cannot be reached', async () => {
    register.mockReturnValue({ unwrap: () => Promise.reject({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }) });
    const user = renderPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error conectando al servidor. Por favor, inténtalo nuevamente.');
  });
});

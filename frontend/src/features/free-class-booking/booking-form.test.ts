import { EMPTY_BOOKING, firstInvalidField, MESSAGES, sanitizeDui, serverErrorMessage, validateBooking } from './booking-form';

const valid = {
  name: 'Ana',
  lastname: 'Martínez',
  dui: '012345678',
  email: 'ana@example.com',
  cellphone: '+50370001234',
  date: '2026-11-24',
  time: '4:00-5:00 pm',
};

describe('booking form rules', () => {
  it('requires every field with its own message', () => {
    expect(validateBooking(EMPTY_BOOKING)).toEqual({
      name: 'Nombre es requerido.',
      lastname: 'Apellido es requerido.',
      dui: 'DUI es requerido.',
      email: 'Correo Electrónico es requerido.',
      cellphone: 'Teléfono es requerido.',
      date: 'Fecha es requerida.',
      time: 'Horario es requerido.',
    });
  });

  it('accepts a complete form', () => {
    expect(validateBooking(valid)).toEqual({});
  });

  it('names the first invalid field in the order of the form', () => {
    expect(firstInvalidField(validateBooking(EMPTY_BOOKING))).toBe('name');
    expect(firstInvalidField(validateBooking({ ...valid, time: '', cellphone: '+5037000' }))).toBe('cellphone');
    expect(firstInvalidField({})).toBeUndefined();
  });

  it('treats blank text as missing', () => {
    expect(validateBooking({ ...valid, name: '   ' })).toEqual({ name: 'Nombre es requerido.' });
  });

  it('keeps only digits in the DUI, nine at most', () => {
    expect(sanitizeDui('0123-4567-8')).toBe('012345678');
    expect(sanitizeDui('1234567890123')).toBe('123456789');
    expect(sanitizeDui('abc')).toBe('');
  });

  it('wants a DUI of 8 or 9 digits', () => {
    expect(validateBooking({ ...valid, dui: '1234567' }).dui).toBe(MESSAGES.dui);
    expect(validateBooking({ ...valid, dui: '12345678' }).dui).toBeUndefined();
    expect(validateBooking({ ...valid, dui: '123456789' }).dui).toBeUndefined();
  });

  it('wants the phone with its country code and at least 8 digits (12 characters)', () => {
    expect(validateBooking({ ...valid, cellphone: '+5037000123' }).cellphone).toBe('El número debe incluir el código de país y tener al menos 8 dígitos.');
    expect(validateBooking({ ...valid, cellphone: '+50370001234' }).cellphone).toBeUndefined();
  });

  it("shows the server's error, or the connection message when there is none", () => {
    expect(serverErrorMessage({ status: 409, data: { error: 'Ya existe una clase gratis registrada con este DUI.' } })).toBe(
      'Ya existe una clase gratis registrada con este DUI.',
    );
    expect(serverErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'Error conectando al servidor. Por favor, inténtalo nuevamente.',
    );
    expect(serverErrorMessage({ status: 502, data: '<html>' })).toBe(MESSAGES.connection);
  });
});

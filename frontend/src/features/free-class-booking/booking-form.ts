import type { RegisterFreeClassDto } from '../../shared/api/generated-api';

/** The booking form's fields (the API's own type), rules and messages (spec sections 3, 5 and 8). */
export type BookingValues = RegisterFreeClassDto;

export type BookingField = keyof BookingValues;
export type BookingErrors = Partial<Record<BookingField, string>>;

export const EMPTY_BOOKING: BookingValues = { name: '', lastname: '', dui: '', email: '', cellphone: '', date: '', time: '' };

export const MESSAGES = {
  required: {
    name: 'Nombre es requerido.',
    lastname: 'Apellido es requerido.',
    dui: 'DUI es requerido.',
    email: 'Correo Electrónico es requerido.',
    cellphone: 'Teléfono es requerido.',
    date: 'Fecha es requerida.',
    time: 'Horario es requerido.',
  } satisfies Record<BookingField, string>,
  dui: 'DUI debe contener solo números y ser de 8 o 9 dígitos.',
  phone: 'El número debe incluir el código de país y tener al menos 8 dígitos.',
  invalidForm: 'Por favor completa todos los campos requeridos.',
  success: '¡Registro exitoso! Revisa tu correo para más detalles.',
  connection: 'Error conectando al servidor. Por favor, inténtalo nuevamente.',
} as const;

/** What a visitor brings and does before the class: the page's list, the confirmation and the calendar event say the same. */
export const PREPARATION = ['Trae ropa deportiva, agua y una toalla pequeña', 'Llega 10 minutos antes para colocarte el sensor'] as const;

/** The field to bring into view after an invalid submit: the first invalid one in the form's order. */
export function firstInvalidField(errors: BookingErrors): BookingField | undefined {
  return (Object.keys(MESSAGES.required) as BookingField[]).find((field) => errors[field]);
}

/** DUI accepts digits only while typing, at most 9. */
export function sanitizeDui(input: string): string {
  return input.replace(/\D/g, '').slice(0, 9);
}

export function validateBooking(values: BookingValues): BookingErrors {
  const errors: BookingErrors = {};
  for (const field of Object.keys(MESSAGES.required) as BookingField[]) {
    if (!values[field].trim()) errors[field] = MESSAGES.required[field];
  }
  if (!errors.dui && !/^\d{8,9}$/.test(values.dui)) errors.dui = MESSAGES.dui;
  // E.164 from the phone input: '+503' and 8 digits is the shortest valid number here (12 characters).
  if (!errors.cellphone && values.cellphone.length < 12) errors.cellphone = MESSAGES.phone;
  return errors;
}

/** The message to show for a failed request: the server's `error`, else the connection message. */
export function serverErrorMessage(error: unknown): string {
  const data = (error as { data?: unknown } | undefined)?.data;
  const message = (data as { error?: unknown } | undefined)?.error;
  return typeof message === 'string' && message.trim() ? message : MESSAGES.connection;
}

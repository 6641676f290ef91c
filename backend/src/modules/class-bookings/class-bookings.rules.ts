import { DomainError } from '../../shared/domain-error';

/** The studio's booking rules (`class_booking_settings`, one row). */
export interface ClassBookingSettings {
  /** Members book from today to today + N - 1. */
  bookingOpensDays: number;
  /** Cancelling at least this many hours before the start gives the credit back. */
  cancelCutoffHours: number;
  /** Waitlist promotions happen only until this many hours before the start. */
  waitlistCutoffHours: number;
  /** false: a late cancellation uses up the class (never a money fee). */
  lateCancelKeepsCredit: boolean;
  /** false: a no-show uses up the class. */
  noShowKeepsCredit: boolean;
  /** The reminder email this many hours before the start; 0: none. */
  reminderHours: number;
}

export const DEFAULT_CLASS_BOOKING_SETTINGS: ClassBookingSettings = {
  bookingOpensDays: 7,
  cancelCutoffHours: 2,
  waitlistCutoffHours: 2,
  lateCancelKeepsCredit: false,
  noShowKeepsCredit: false,
  reminderHours: 3,
};

export const SETTINGS_LIMITS = {
  bookingOpensDays: [1, 28],
  cancelCutoffHours: [0, 48],
  waitlistCutoffHours: [0, 48],
  reminderHours: [0, 48],
} as const;

export const CLASS_BOOKING_MESSAGES = {
  full: 'La clase está llena. Puedes unirte a la lista de espera.',
  waitlistClosed: 'La clase está llena y su lista de espera ya cerró.',
  guestFull: 'Esa clase ya está llena. Escoge otro horario u otro día.',
  noClassesLeft: 'No te quedan clases en tu membresía. Renueva o compra un paquete para reservar.',
  alreadyBooked: 'Ya tienes esta clase reservada o estás en su lista de espera.',
  noSuchClass: 'No hay esa clase ese día.',
  closedDay: 'El estudio está cerrado ese día.',
  cancelledClass: 'Esta clase se canceló.',
  started: 'Ya empezó',
  notOpen: 'Aún no abre',
  bookingNotFound: 'No encontramos esa reserva.',
  alreadyEnded: 'Esta reserva ya no se puede cancelar.',
  notCheckable: 'Esta reserva no tiene un lugar en la clase: no se puede registrar la asistencia.',
  badCode: 'El código no es válido para esta clase hoy.',
  badDate: 'La fecha debe tener el formato AAAA-MM-DD.',
  badSlot: 'El id de la clase no es válido.',
  badBookingId: 'El id de la reserva no es válido.',
  badDays: 'Los días deben ser un número entero de 1 a 14.',
  waitlistType: 'Indica con verdadero o falso si quieres unirte a la lista de espera.',
  memberIdType: 'Indica el id del miembro.',
  memberNotFound: 'No encontramos a ese miembro.',
  incomplete: 'Esta reserva no se pudo completar. Inténtalo de nuevo con una nueva solicitud.',
  keyReused: 'Esta clave de idempotencia ya se usó para otra reserva.',
  settingRange: (field: string, min: number, max: number) => `${field} debe ser un número entero de ${min} a ${max}.`,
  settingBoolean: (field: string) => `${field} debe ser verdadero o falso.`,
} as const;

/** The policy as a member reads it before booking. */
export function policyText(settings: ClassBookingSettings): string {
  const late = settings.lateCancelKeepsCredit ? 'después no se descuenta la clase' : 'después se descuenta la clase';
  return `Puedes cancelar sin costo hasta ${settings.cancelCutoffHours} h antes; ${late}.`;
}

export function checkSettings(input: ClassBookingSettings): ClassBookingSettings {
  for (const [field, [min, max]] of Object.entries(SETTINGS_LIMITS) as [keyof typeof SETTINGS_LIMITS, readonly [number, number]][]) {
    const value = input[field];
    if (!Number.isInteger(value) || value < min || value > max)
      throw new DomainError('invalid', CLASS_BOOKING_MESSAGES.settingRange(field, min, max), { field });
  }
  for (const field of ['lateCancelKeepsCredit', 'noShowKeepsCredit'] as const)
    if (typeof input[field] !== 'boolean') throw new DomainError('invalid', CLASS_BOOKING_MESSAGES.settingBoolean(field), { field });
  return { ...input };
}

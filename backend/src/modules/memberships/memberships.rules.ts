import { addDays, isLocalDate, type LocalDate } from '../../shared/studio-day';

/**
 * The studio's membership plans as products (spec, "Membership plan" and "Prices"): how many group
 * classes each gives (null: unlimited), for how long, and how many named members share its pool.
 * A couples or family plan gives its classes per person, in one pool the holder and the members
 * named at the sale draw from.
 */

export const MEMBERSHIP_PLAN_IDS = [
  'elite',
  'athlete',
  'casual',
  'four-classes',
  'one-class',
  'athlete-couples',
  'casual-couples',
  'family-4',
  'family-3',
  'platform-trial',
] as const;

export type MembershipPlanId = (typeof MEMBERSHIP_PLAN_IDS)[number];

/** How long a period lasts: one calendar month, or a number of days (4 weeks: 28). */
export type PlanValidity = { months: 1 } | { days: number };

export interface MembershipPlan {
  id: MembershipPlanId;
  title: string;
  /** Classes per person per period; null for unlimited access (Elite). */
  classesPerPerson: number | null;
  /** People sharing the pool: the holder and `people - 1` named members. */
  people: number;
  validity: PlanValidity;
  /** USD: one-time price, and the automatic-renewal price when the plan has one. */
  oneTimePriceUsd: number;
  recurringPriceUsd: number | null;
  /** A plan each member may have only once (the platform trial). */
  oncePerMember?: boolean;
}

const MONTH: PlanValidity = { months: 1 };
const FOUR_WEEKS: PlanValidity = { days: 28 };

export const MEMBERSHIP_PLANS: Readonly<Record<MembershipPlanId, MembershipPlan>> = {
  elite: { id: 'elite', title: 'Elite', classesPerPerson: null, people: 1, validity: MONTH, oneTimePriceUsd: 125, recurringPriceUsd: 112 },
  athlete: { id: 'athlete', title: 'Athlete', classesPerPerson: 12, people: 1, validity: MONTH, oneTimePriceUsd: 96, recurringPriceUsd: 86 },
  casual: { id: 'casual', title: 'Casual', classesPerPerson: 8, people: 1, validity: MONTH, oneTimePriceUsd: 68, recurringPriceUsd: 61 },
  'four-classes': {
    id: 'four-classes',
    title: '4 Classes',
    classesPerPerson: 4,
    people: 1,
    validity: FOUR_WEEKS,
    oneTimePriceUsd: 45,
    recurringPriceUsd: null,
  },
  'one-class': { id: 'one-class', title: 'One Class', classesPerPerson: 1, people: 1, validity: FOUR_WEEKS, oneTimePriceUsd: 12, recurringPriceUsd: null },
  'athlete-couples': {
    id: 'athlete-couples',
    title: 'Athlete Couples',
    classesPerPerson: 12,
    people: 2,
    validity: MONTH,
    oneTimePriceUsd: 150,
    recurringPriceUsd: 135,
  },
  'casual-couples': {
    id: 'casual-couples',
    title: 'Casual Couples',
    classesPerPerson: 8,
    people: 2,
    validity: MONTH,
    oneTimePriceUsd: 100,
    recurringPriceUsd: 90,
  },
  'family-4': {
    id: 'family-4',
    title: 'Family Package (4 Personas)',
    classesPerPerson: 12,
    people: 4,
    validity: MONTH,
    oneTimePriceUsd: 325,
    recurringPriceUsd: 300,
  },
  'family-3': {
    id: 'family-3',
    title: 'Family Package (3 Personas)',
    classesPerPerson: 12,
    people: 3,
    validity: MONTH,
    oneTimePriceUsd: 250,
    recurringPriceUsd: 235,
  },
  // The platform's 7-day trial (spec, "Platform"): app access, no group classes, once per member.
  'platform-trial': {
    id: 'platform-trial',
    title: 'Prueba de 7 días',
    classesPerPerson: 0,
    people: 1,
    validity: { days: 7 },
    oneTimePriceUsd: 0,
    recurringPriceUsd: null,
    oncePerMember: true,
  },
};

export function isMembershipPlanId(value: unknown): value is MembershipPlanId {
  return typeof value === 'string' && (MEMBERSHIP_PLAN_IDS as readonly string[]).includes(value);
}

/** The classes of one period for the whole pool; null when unlimited. */
export function poolClasses(plan: MembershipPlan): number | null {
  return plan.classesPerPerson === null ? null : plan.classesPerPerson * plan.people;
}

export const PAYMENT_METHODS = ['efectivo', 'tarjeta', 'transferencia', 'enlace-de-pago', 'cortesia'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

export const BILLING_MODES = ['one-time', 'recurring'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

export function priceOf(plan: MembershipPlan, billing: BillingMode): number {
  return billing === 'recurring' && plan.recurringPriceUsd !== null ? plan.recurringPriceUsd : plan.oneTimePriceUsd;
}

/**
 * The last day (inclusive) of a period starting on `start`: a month ends the day before the same
 * day of the next month (31 January → 27/28 February when the next month has no such day: the
 * month's last day), a number of days ends `days - 1` days after the start.
 */
export function periodEnd(start: LocalDate, validity: PlanValidity): LocalDate {
  if (!isLocalDate(start)) throw new RangeError(`Not a calendar date: ${start}`);
  if ('days' in validity) return addDays(start, validity.days - 1);
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const lastDayOfNext = new Date(Date.UTC(nextYear, nextMonth, 0)).getUTCDate();
  const sameDayNext = `${String(nextYear).padStart(4, '0')}-${String(nextMonth).padStart(2, '0')}-${String(Math.min(day, lastDayOfNext)).padStart(2, '0')}`;
  return day > lastDayOfNext ? sameDayNext : addDays(sameDayNext, -1);
}

export const MAX_REFERENCE_LENGTH = 80;

export const MEMBERSHIP_MESSAGES = {
  unknownPlan: `El plan no existe. Usa uno de: ${MEMBERSHIP_PLAN_IDS.join(', ')}.`,
  unknownPaymentMethod: `El método de pago debe ser uno de: ${PAYMENT_METHODS.join(', ')}.`,
  unknownBilling: 'La modalidad de pago debe ser "one-time" (pago único) o "recurring" (renovación automática).',
  referenceRequired: 'Indica la referencia del pago (número de recibo, autorización o transferencia).',
  referenceTooLong: `La referencia del pago puede tener hasta ${MAX_REFERENCE_LENGTH} caracteres: letras, números, espacios y . _ # / -.`,
  referenceNotNeeded: 'Una cortesía no lleva referencia de pago.',
  courtesyOnlyTrial: 'Solo la prueba de 7 días se registra como cortesía; los planes pagados llevan su método de pago.',
  trialIsCourtesy: 'La prueba de 7 días es gratuita: regístrala con el método "cortesia".',
  trialUsed: 'Este miembro ya usó su prueba de 7 días.',
  sharedWithCount: (plan: MembershipPlan) =>
    plan.people === 1
      ? `El plan ${plan.title} es individual: no se comparte con otros miembros.`
      : `El plan ${plan.title} se comparte con ${plan.people - 1} ${plan.people - 1 === 1 ? 'miembro' : 'miembros'}: indica exactamente ${plan.people - 1}.`,
  sharedWithHolder: 'El titular no puede aparecer entre los miembros con quienes comparte el plan.',
  sharedWithRepeated: 'Cada miembro con quien se comparte el plan debe aparecer una sola vez.',
  sharedMemberNotFound: 'No encontramos a uno de los miembros con quienes se comparte el plan.',
  otherPlanActive: (title: string, until: LocalDate) =>
    `El miembro tiene vigente la membresía ${title} hasta el ${until}. Renueva ese mismo plan o registra el nuevo cuando venza.`,
  memberNotFound: 'No encontramos a ese miembro.',
  noMembership: 'El miembro no tiene una membresía vigente.',
  alreadyFrozen: 'La membresía ya está congelada.',
  notFrozen: 'La membresía no está congelada.',
  frozen: 'La membresía está congelada: descongélala para usar clases.',
  noClassesLeft: 'No quedan clases en la membresía. Renueva o compra un paquete para reservar.',
  trialHasNoClasses: 'La prueba de 7 días da acceso a la plataforma, no a clases grupales.',
  bookingIdType: 'El id de la reserva debe ser un texto de 1 a 100 caracteres (letras, números, guiones).',
  notInPool: 'Este miembro no comparte esa membresía.',
} as const;

const REFERENCE = /^[\p{L}\p{N} ._#/-]+$/u;

/** The problem with a payment reference, or null. A courtesy has none; every paid sale has one. */
export function referenceProblem(method: PaymentMethod, reference: string | null | undefined): string | null {
  const trimmed = reference?.trim() ?? '';
  if (method === 'cortesia') return trimmed === '' ? null : MEMBERSHIP_MESSAGES.referenceNotNeeded;
  if (trimmed === '') return MEMBERSHIP_MESSAGES.referenceRequired;
  if (trimmed.length > MAX_REFERENCE_LENGTH || !REFERENCE.test(trimmed)) return MEMBERSHIP_MESSAGES.referenceTooLong;
  return null;
}

export const BOOKING_ID = /^[A-Za-z0-9_-]{1,100}$/;

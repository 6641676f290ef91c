/** Membership plans, fixed in the page (spec sections 3 and 9). `key` names the plan's payment link in GET /api/config. */
interface PlanBase {
  key: string;
  title: string;
  subtitle: string;
  duration: string;
  details: string[];
  featured?: boolean;
}

export interface FixedPricePlan extends PlanBase {
  kind: 'fixed';
  price: number;
}

export interface RenewablePlan extends PlanBase {
  kind: 'renewable';
  recurringPrice: number;
  oneTimePrice: number;
}

export type MembershipPlan = FixedPricePlan | RenewablePlan;

const INCLUDED = ['Acceso a la app de Pulso', 'Resumen de rendimiento por correo después de cada clase', 'Retos mensuales', 'Válida para cualquier horario'];

export const MEMBERSHIP_PLANS: MembershipPlan[] = [
  {
    key: 'elite',
    kind: 'renewable',
    title: 'Elite',
    subtitle: 'Acceso ilimitado a todas las clases grupales',
    duration: 'Válida por un mes',
    recurringPrice: 112,
    oneTimePrice: 125,
    featured: true,
    details: ['Clases grupales ilimitadas', 'Seguimiento de datos biométricos', ...INCLUDED],
  },
  {
    key: 'athlete',
    kind: 'renewable',
    title: 'Athlete',
    subtitle: '12 clases al mes para entrenar tres veces por semana',
    duration: 'Válida por un mes',
    recurringPrice: 86,
    oneTimePrice: 96,
    details: ['12 clases al mes', ...INCLUDED],
  },
  {
    key: 'casual',
    kind: 'renewable',
    title: 'Casual',
    subtitle: '8 clases al mes para mantenerte activo',
    duration: 'Válida por un mes',
    recurringPrice: 61,
    oneTimePrice: 68,
    details: ['8 clases al mes', ...INCLUDED],
  },
  {
    key: 'fourClasses',
    kind: 'fixed',
    title: '4 Classes',
    subtitle: 'Un paquete corto para conocer el método',
    duration: 'Válida por 4 semanas',
    price: 45,
    details: ['4 clases', ...INCLUDED],
  },
  {
    key: 'oneClass',
    kind: 'fixed',
    title: 'One Class',
    subtitle: 'Una clase cuando la necesites',
    duration: 'Válida por 4 semanas',
    price: 12,
    details: [
      '1 clase',
      'Acceso a la app por 4 semanas',
      'Resumen de rendimiento por correo después de la clase',
      'Retos mensuales',
      'Válida para cualquier horario',
    ],
  },
  {
    key: 'athleteCouples',
    kind: 'renewable',
    title: 'Athlete Couples',
    subtitle: '12 clases por persona al mes, para entrenar en pareja',
    duration: 'Válida por un mes',
    recurringPrice: 135,
    oneTimePrice: 150,
    details: ['12 clases por persona al mes', '2 personas', ...INCLUDED],
  },
  {
    key: 'casualCouples',
    kind: 'renewable',
    title: 'Casual Couples',
    subtitle: '8 clases por persona al mes, para entrenar en pareja',
    duration: 'Válida por un mes',
    recurringPrice: 90,
    oneTimePrice: 100,
    details: ['8 clases por persona al mes', '2 personas', ...INCLUDED],
  },
  {
    key: 'family4',
    kind: 'renewable',
    title: 'Family Package (4 Personas)',
    subtitle: '12 clases por integrante al mes, para 4 integrantes',
    duration: 'Válida por un mes',
    recurringPrice: 300,
    oneTimePrice: 325,
    details: ['12 clases por integrante al mes', '4 integrantes', ...INCLUDED],
  },
  {
    key: 'family3',
    kind: 'renewable',
    title: 'Family Package (3 Personas)',
    subtitle: '12 clases por integrante al mes, para 3 integrantes',
    duration: 'Válida por un mes',
    recurringPrice: 235,
    oneTimePrice: 250,
    details: ['12 clases por integrante al mes', '3 integrantes', ...INCLUDED],
  },
];

export const SENSOR_PRICE = 65;

export type PaymentLinks = Record<string, string | { recurring: string; oneTime: string }>;

/** The price shown and the payment link followed for a plan in the chosen billing mode. */
export function offerFor(plan: MembershipPlan, recurring: boolean, links: PaymentLinks | undefined): { price: number; link?: string } {
  const entry = links?.[plan.key];
  if (plan.kind === 'fixed') return { price: plan.price, link: typeof entry === 'string' ? entry : entry?.oneTime };
  const price = recurring ? plan.recurringPrice : plan.oneTimePrice;
  if (!entry) return { price };
  if (typeof entry === 'string') return { price, link: entry };
  return { price, link: recurring ? entry.recurring : entry.oneTime };
}

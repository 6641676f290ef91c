import type { MembershipDto } from '../api/generated-api';
import { dayNumber, longDate, type LocalDate } from './studio-calendar';

/** Days from `today` to the membership's last day (0: it ends today). */
export function daysLeft(membership: MembershipDto, today: LocalDate): number {
  return dayNumber(membership.validUntil) - dayNumber(today);
}

/** "Quedan 3 de 4 clases", "Clases ilimitadas", or the trial's "Acceso a la plataforma". */
export function classesLabel(membership: MembershipDto): string {
  if (membership.unlimited) return 'Clases ilimitadas';
  if (membership.classesPerPeriod === 0) return 'Acceso a la plataforma (sin clases grupales)';
  const left = membership.classesLeft ?? 0;
  return `${left === 1 ? 'Queda' : 'Quedan'} ${left} de ${membership.classesPerPeriod} ${membership.classesPerPeriod === 1 ? 'clase' : 'clases'}`;
}

/** "Vigente hasta el 28 de diciembre de 2026 (quedan 5 días)", "Venció el …", "Congelada desde el …". */
export function validityLabel(membership: MembershipDto, today: LocalDate): string {
  if (membership.status === 'expired') return `Venció el ${longDate(membership.validUntil)}`;
  if (membership.status === 'frozen' && membership.frozenFrom)
    return `Congelada desde el ${longDate(membership.frozenFrom)}: los días congelada se suman a tu vigencia`;
  const days = daysLeft(membership, today);
  const tail = days === 0 ? ' (vence hoy)' : days <= 6 ? ` (${days === 1 ? 'queda 1 día' : `quedan ${days} días`})` : '';
  return `Vigente hasta el ${longDate(membership.validUntil)}${tail}`;
}

export const MEMBERSHIP_STATUS_LABELS: Record<MembershipDto['status'], string> = {
  active: 'Vigente',
  frozen: 'Congelada',
  expired: 'Vencida',
};

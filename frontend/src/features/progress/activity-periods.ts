import { addDays, addMonths, monthLong, monthShort, monthStart, shortDay, studioDateOf, weekStart, type LocalDate } from '../../shared/lib/studio-calendar';

export type ChartMode = 'weekly' | 'monthly';

/** What the chart counts: workouts, or the Puntos Pulso of the sessions with heart rate. */
export type ChartMetric = 'workouts' | 'points';

/** Spec section 9: 4 weeks or 6 months per page. */
export const PERIODS_PER_PAGE: Record<ChartMode, number> = { weekly: 4, monthly: 6 };

export interface ActivityPeriod {
  start: LocalDate;
  /** Inclusive. */
  end: LocalDate;
  /** The axis's short label: "16 nov" (the week's Monday) or "nov". */
  label: string;
  /** The column named in full, for its tooltip: "Semana del 16 al 22 nov" or "noviembre de 2026". */
  title: string;
  workouts: number;
  /** The sum of the sessions' Puntos Pulso as the API served each one (none without a sensor). */
  points: number;
}

export interface ActivityPage {
  periods: ActivityPeriod[];
  rangeLabel: string;
  /** Spec section 2: next (towards today) is disabled at offset 0. */
  canShowNewer: boolean;
  /** Spec section 2: previous is disabled once the oldest loaded record is already on screen. */
  canShowOlder: boolean;
}

function periodStarts(mode: ChartMode, offset: number, today: LocalDate): LocalDate[] {
  const size = PERIODS_PER_PAGE[mode];
  if (mode === 'weekly') {
    const last = addDays(weekStart(today), -7 * size * offset);
    return Array.from({ length: size }, (_, index) => addDays(last, -7 * (size - 1 - index)));
  }
  const last = addMonths(monthStart(today), -size * offset);
  return Array.from({ length: size }, (_, index) => addMonths(last, -(size - 1 - index)));
}

function periodEnd(mode: ChartMode, start: LocalDate): LocalDate {
  return mode === 'weekly' ? addDays(start, 6) : addDays(addMonths(start, 1), -1);
}

function rangeLabel(mode: ChartMode, first: LocalDate, lastEnd: LocalDate): string {
  const sameYear = first.slice(0, 4) === lastEnd.slice(0, 4);
  if (mode === 'weekly') {
    return `${shortDay(first)}${sameYear ? '' : ` ${first.slice(0, 4)}`} – ${shortDay(lastEnd)} ${lastEnd.slice(0, 4)}`;
  }
  return `${monthShort(first)}${sameYear ? '' : ` ${first.slice(0, 4)}`} – ${monthShort(lastEnd)} ${lastEnd.slice(0, 4)}`;
}

function weekTitle(start: LocalDate, end: LocalDate): string {
  const first = start.slice(5, 7) === end.slice(5, 7) ? String(Number(start.slice(8, 10))) : shortDay(start);
  return `Semana del ${first} al ${shortDay(end)}`;
}

/**
 * One page of the activity chart: workouts and Puntos Pulso per local week (Monday to Sunday)
 * or month in El Salvador. Offset 0 ends with the current period; each step goes one page back.
 */
export function activityPage(
  completions: readonly { completedAt: string; heartRate?: { points: number } | null }[],
  mode: ChartMode,
  offset: number,
  today: LocalDate,
): ActivityPage {
  const days = completions.map((record) => ({ day: studioDateOf(record.completedAt), points: record.heartRate?.points ?? 0 }));
  const periods = periodStarts(mode, offset, today).map((start) => {
    const end = periodEnd(mode, start);
    const within = days.filter(({ day }) => day >= start && day <= end);
    return {
      start,
      end,
      label: mode === 'weekly' ? shortDay(start) : monthShort(start),
      title: mode === 'weekly' ? weekTitle(start, end) : monthLong(start),
      workouts: within.length,
      points: within.reduce((sum, { points }) => sum + points, 0),
    };
  });
  const first = periods[0]!;
  const last = periods[periods.length - 1]!;
  const oldest = days.reduce<LocalDate | null>((min, { day }) => (min === null || day < min ? day : min), null);
  return {
    periods,
    rangeLabel: rangeLabel(mode, first.start, last.end),
    canShowNewer: offset > 0,
    canShowOlder: oldest !== null && oldest < first.start,
  };
}

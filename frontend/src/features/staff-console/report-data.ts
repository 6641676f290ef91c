import type { ClassFiguresDto, ClassReportDto } from '../../shared/api/generated-api';
import { addDays, shortDay, weekStart } from '../../shared/lib/studio-calendar';
import { csvText } from './download-csv';

/** The ranges the owner picks from, in weeks up to the chosen one. */
export const REPORT_RANGES = [1, 2, 4, 8, 12, 26] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];

/** The query for `weeks` weeks ending with the week of `lastDay`. */
export function reportQuery(weeks: ReportRange, lastDay: string): { from: string; to: string } {
  const monday = weekStart(lastDay);
  return { from: addDays(monday, -7 * (weeks - 1)), to: addDays(monday, 6) };
}

/** 0.833 → 83; null stays null (no seats offered, or nobody to count yet). */
export function percent(ratio: number | null | undefined): number | null {
  return ratio === null || ratio === undefined ? null : Math.round(ratio * 100);
}

/** "83%"; "<1%" for a few seats among many (never a bare 0% when someone came); a dash when there is nothing to count. */
export function percentText(ratio: number | null | undefined): string {
  const value = percent(ratio);
  if (value === null) return '—';
  return value === 0 && ratio! > 0 ? '<1%' : `${value}%`;
}

/** "9–15 nov", "30 nov–6 dic": a week as the axis and the tooltip name it. */
export function weekLabel(monday: string): string {
  const sunday = addDays(monday, 6);
  return monday.slice(5, 7) === sunday.slice(5, 7) ? `${Number(monday.slice(8, 10))}–${shortDay(sunday)}` : `${shortDay(monday)}–${shortDay(sunday)}`;
}

export interface WeekPoint {
  /** The axis label: the week's Monday ("9 nov"). */
  label: string;
  /** The tooltip's title: "Semana del 9–15 nov". */
  title: string;
  /** Booked seats over capacity, in %; 0 on the bar when no class was given. */
  occupancy: number;
  /** Checked-in members over capacity, in %. */
  attendance: number;
  classes: number;
  capacity: number;
  booked: number;
  attended: number;
}

function attendanceRatio(figures: ClassFiguresDto): number | null {
  return figures.capacity === 0 ? null : figures.attended / figures.capacity;
}

/** The weekly chart: one point per week of the report, occupancy and attendance in % of the seats offered. */
export function weekPoints(report: ClassReportDto): WeekPoint[] {
  return report.weeks.map((week) => ({
    label: shortDay(week.weekStart),
    title: `Semana del ${weekLabel(week.weekStart)}`,
    occupancy: percent(week.occupancy) ?? 0,
    attendance: percent(attendanceRatio(week)) ?? 0,
    classes: week.classes,
    capacity: week.capacity,
    booked: week.booked,
    attended: week.attended,
  }));
}

export interface ClassPoint {
  className: string;
  occupancy: number;
  attendance: number;
  /** Absences over those who were expected (checked in or absent), in %; null before any. */
  noShowRate: number | null;
  waitlistJoined: number;
  waitlistPromoted: number;
  /** Joined a waitlist and never got a seat. */
  waitlistLeftOut: number;
}

/** The per-class chart and list over the whole range, busiest first. */
export function classPoints(report: ClassReportDto): ClassPoint[] {
  return report.classes
    .map((named) => ({
      className: named.className,
      occupancy: percent(named.occupancy) ?? 0,
      attendance: percent(attendanceRatio(named)) ?? 0,
      noShowRate: percent(named.noShowRate),
      waitlistJoined: named.waitlistJoined,
      waitlistPromoted: named.waitlistPromoted,
      waitlistLeftOut: named.waitlistJoined - named.waitlistPromoted,
    }))
    .sort((a, b) => b.occupancy - a.occupancy || a.className.localeCompare(b.className, 'es'));
}

/** The occupancy of each class week by week: one row per week, one key per class name (the line chart's series). */
export function classWeekRows(report: ClassReportDto): Array<Record<string, string | number | null>> {
  return report.weeks.map((week, index) => {
    const row: Record<string, string | number | null> = { label: shortDay(week.weekStart), title: `Semana del ${weekLabel(week.weekStart)}` };
    for (const named of report.classes) row[named.className] = percent(named.weeks[index]?.occupancy);
    return row;
  });
}

const CLASS_WEEK_HEADER = [
  'Semana (lunes)',
  'Semana (domingo)',
  'Clase',
  'Clases dadas',
  'Cupo',
  'Reservados',
  'Asistieron',
  'No llegaron',
  'Ocupación %',
  'Asistencia %',
  'Ausencias %',
  'Entraron a lista de espera',
  'Consiguieron lugar',
];

function figureCells(figures: ClassFiguresDto): (number | null)[] {
  return [
    figures.classes,
    figures.capacity,
    figures.booked,
    figures.attended,
    figures.noShows,
    percent(figures.occupancy),
    percent(attendanceRatio(figures)),
    percent(figures.noShowRate),
    figures.waitlistJoined,
    figures.waitlistPromoted,
  ];
}

/** The classes CSV: one line per class and week (weeks without that class left out), then one line per week for all classes. */
export function classesCsv(report: ClassReportDto): string {
  const rows: (string | number | null)[][] = [];
  report.weeks.forEach((week, index) => {
    for (const named of report.classes) {
      const figures = named.weeks[index];
      if (figures && figures.classes > 0) rows.push([week.weekStart, week.weekEnd, named.className, ...figureCells(figures)]);
    }
    rows.push([week.weekStart, week.weekEnd, 'Todas las clases', ...figureCells(week)]);
  });
  return csvText(CLASS_WEEK_HEADER, rows);
}

/** The memberships CSV: classes left of those in force, then those ending per week. */
export function membershipsCsv(report: ClassReportDto): string {
  const { memberships } = report;
  return csvText(
    ['Grupo', 'Detalle', 'Membresías'],
    [
      ...memberships.classesLeft.map((bucket) => ['Clases que les quedan', bucket.label, bucket.count]),
      ...memberships.expiring.map((week) => ['Vencen la semana', `${week.weekStart} a ${week.weekEnd}`, week.count]),
    ],
  );
}

/** "reporte-clases-2026-11-09-a-2026-12-06.csv". */
export function csvFileName(kind: 'clases' | 'membresias', report: ClassReportDto): string {
  return kind === 'clases' ? `reporte-clases-${report.from}-a-${report.to}.csv` : `reporte-membresias-${report.memberships.today}.csv`;
}

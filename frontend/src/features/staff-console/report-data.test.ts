import { describe, expect, it } from 'vitest';
import type { ClassFiguresDto, ClassReportDto } from '../../shared/api/generated-api';
import { csvField, csvText } from './download-csv';
import { classesCsv, classPoints, classWeekRows, csvFileName, membershipsCsv, percentText, reportQuery, weekLabel, weekPoints } from './report-data';

const none: ClassFiguresDto = {
  classes: 0,
  capacity: 0,
  booked: 0,
  attended: 0,
  noShows: 0,
  waitlistJoined: 0,
  waitlistPromoted: 0,
  occupancy: null,
  noShowRate: null,
};

const figures = (values: Partial<ClassFiguresDto>): ClassFiguresDto => ({ ...none, ...values });

const REPORT: ClassReportDto = {
  from: '2026-11-23',
  to: '2026-12-06',
  total: figures({
    classes: 3,
    capacity: 40,
    booked: 30,
    attended: 24,
    noShows: 2,
    waitlistJoined: 6,
    waitlistPromoted: 4,
    occupancy: 0.75,
    noShowRate: 0.077,
  }),
  weeks: [
    {
      weekStart: '2026-11-23',
      weekEnd: '2026-11-29',
      ...figures({ classes: 2, capacity: 30, booked: 20, attended: 18, noShows: 2, occupancy: 0.667, noShowRate: 0.1 }),
    },
    { weekStart: '2026-11-30', weekEnd: '2026-12-06', ...figures({ classes: 1, capacity: 10, booked: 10, attended: 6, occupancy: 1, noShowRate: 0 }) },
  ],
  classes: [
    {
      className: 'Clásico',
      ...figures({ classes: 2, capacity: 20, booked: 20, attended: 14, noShows: 2, waitlistJoined: 6, waitlistPromoted: 4, occupancy: 1, noShowRate: 0.125 }),
      weeks: [
        {
          weekStart: '2026-11-23',
          weekEnd: '2026-11-29',
          ...figures({ classes: 1, capacity: 10, booked: 10, attended: 8, noShows: 2, occupancy: 1, noShowRate: 0.2 }),
        },
        {
          weekStart: '2026-11-30',
          weekEnd: '2026-12-06',
          ...figures({ classes: 1, capacity: 10, booked: 10, attended: 6, waitlistJoined: 6, waitlistPromoted: 4, occupancy: 1, noShowRate: 0 }),
        },
      ],
    },
    {
      className: 'Fuerza, 45 min',
      ...figures({ classes: 1, capacity: 20, booked: 10, attended: 10, occupancy: 0.5, noShowRate: 0 }),
      weeks: [
        { weekStart: '2026-11-23', weekEnd: '2026-11-29', ...figures({ classes: 1, capacity: 20, booked: 10, attended: 10, occupancy: 0.5, noShowRate: 0 }) },
        { weekStart: '2026-11-30', weekEnd: '2026-12-06', ...none },
      ],
    },
  ],
  memberships: {
    today: '2026-12-02',
    classesLeft: [
      { label: 'Sin clases', count: 1 },
      { label: '1 o 2', count: 3 },
      { label: '3 a 5', count: 0 },
      { label: '6 o más', count: 2 },
      { label: 'Ilimitadas', count: 4 },
    ],
    expiring: [
      { weekStart: '2026-11-30', weekEnd: '2026-12-06', count: 2 },
      { weekStart: '2026-12-07', weekEnd: '2026-12-13', count: 1 },
      { weekStart: '2026-12-14', weekEnd: '2026-12-20', count: 0 },
      { weekStart: '2026-12-21', weekEnd: '2026-12-27', count: 5 },
    ],
  },
};

const BOM = '\uFEFF';
const linesOf = (csv: string) => csv.replace(BOM, '').split('\r\n').slice(0, -1);

describe('the report range', () => {
  it('asks for whole weeks ending with the chosen day’s week', () => {
    expect(reportQuery(4, '2026-12-02')).toEqual({ from: '2026-11-09', to: '2026-12-06' });
    expect(reportQuery(26, '2026-12-06')).toEqual({ from: '2026-06-08', to: '2026-12-06' });
    expect(reportQuery(1, '2026-12-02')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
  });

  it('names a week within a month or across two', () => {
    expect(weekLabel('2026-11-09')).toBe('9–15 nov');
    expect(weekLabel('2026-11-30')).toBe('30 nov–6 dic');
  });
});

describe('the chart data', () => {
  it('gives each week its occupancy and attendance in % of the seats offered', () => {
    expect(weekPoints(REPORT)).toEqual([
      { label: '23 nov', title: 'Semana del 23–29 nov', occupancy: 67, attendance: 60, classes: 2, capacity: 30, booked: 20, attended: 18 },
      { label: '30 nov', title: 'Semana del 30 nov–6 dic', occupancy: 100, attendance: 60, classes: 1, capacity: 10, booked: 10, attended: 6 },
    ]);
  });

  it('lists the classes busiest first, with no-shows and who was left out of a waitlist', () => {
    expect(classPoints(REPORT)).toEqual([
      { className: 'Clásico', occupancy: 100, attendance: 70, noShowRate: 13, waitlistJoined: 6, waitlistPromoted: 4, waitlistLeftOut: 2 },
      { className: 'Fuerza, 45 min', occupancy: 50, attendance: 50, noShowRate: 0, waitlistJoined: 0, waitlistPromoted: 0, waitlistLeftOut: 0 },
    ]);
  });

  it('draws each class week by week, with no point in a week the class was not given', () => {
    expect(classWeekRows(REPORT)).toEqual([
      { label: '23 nov', title: 'Semana del 23–29 nov', Clásico: 100, 'Fuerza, 45 min': 50 },
      { label: '30 nov', title: 'Semana del 30 nov–6 dic', Clásico: 100, 'Fuerza, 45 min': null },
    ]);
  });

  it('writes a ratio as a whole percentage, a dash when there is nothing to count', () => {
    expect([percentText(0.833), percentText(1), percentText(0), percentText(0.001), percentText(null)]).toEqual(['83%', '100%', '0%', '<1%', '—']);
  });
});

describe('the CSV downloads', () => {
  it('writes one line per class and week it was given, and a line for all classes of each week', () => {
    const csv = classesCsv(REPORT);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(linesOf(csv)).toEqual([
      'Semana (lunes),Semana (domingo),Clase,Clases dadas,Cupo,Reservados,Asistieron,No llegaron,Ocupación %,Asistencia %,Ausencias %,Entraron a lista de espera,Consiguieron lugar',
      '2026-11-23,2026-11-29,Clásico,1,10,10,8,2,100,80,20,0,0',
      '2026-11-23,2026-11-29,"Fuerza, 45 min",1,20,10,10,0,50,50,0,0,0',
      '2026-11-23,2026-11-29,Todas las clases,2,30,20,18,2,67,60,10,0,0',
      '2026-11-30,2026-12-06,Clásico,1,10,10,6,0,100,60,0,6,4',
      '2026-11-30,2026-12-06,Todas las clases,1,10,10,6,0,100,60,0,0,0',
    ]);
  });

  it('writes the memberships by classes left and by week of expiry', () => {
    expect(linesOf(membershipsCsv(REPORT))).toEqual([
      'Grupo,Detalle,Membresías',
      'Clases que les quedan,Sin clases,1',
      'Clases que les quedan,1 o 2,3',
      'Clases que les quedan,3 a 5,0',
      'Clases que les quedan,6 o más,2',
      'Clases que les quedan,Ilimitadas,4',
      'Vencen la semana,2026-11-30 a 2026-12-06,2',
      'Vencen la semana,2026-12-07 a 2026-12-13,1',
      'Vencen la semana,2026-12-14 a 2026-12-20,0',
      'Vencen la semana,2026-12-21 a 2026-12-27,5',
    ]);
    expect(csvFileName('clases', REPORT)).toBe('reporte-clases-2026-11-23-a-2026-12-06.csv');
    expect(csvFileName('membresias', REPORT)).toBe('reporte-membresias-2026-12-02.csv');
  });

  it('quotes what needs quoting and never lets a spreadsheet run a class name as a formula', () => {
    expect(csvField('Yoga "suave"')).toBe('"Yoga ""suave"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(null)).toBe('');
    expect(csvText(['a'], [['+503']])).toBe(`${BOM}a\r\n'+503\r\n`);
  });
});

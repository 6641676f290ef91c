import { describe, expect, it } from 'vitest';
import { freeClassIcs, slotMinutes, type BookedClass } from './class-calendar';

const CLASS: BookedClass = {
  date: '2026-11-28',
  slot: '4:00-5:00 pm',
  className: 'Clásico 60 Min',
  address: 'Calle El Progreso 12, Santa Tecla, La Libertad; El Salvador',
  studioName: 'Pulso',
  notes: ['Trae ropa deportiva, agua y una toalla pequeña', 'Llega 10 minutos antes para colocarte el sensor'],
};
const NOW = new Date('2026-11-24T13:05:09.123Z');

const unfold = (ics: string) => ics.replace(/\r\n /g, '');
const property = (ics: string, name: string) =>
  unfold(ics)
    .split('\r\n')
    .find((line) => line.startsWith(`${name}:`))
    ?.slice(name.length + 1);

describe('slotMinutes', () => {
  it.each([
    ['5:15-6:15 am', 5 * 60 + 15, 6 * 60 + 15],
    ['10:30-11:30 am', 10 * 60 + 30, 11 * 60 + 30],
    ['12:00-1:00 pm', 12 * 60, 13 * 60],
    ['11:30-12:30 pm', 11 * 60 + 30, 12 * 60 + 30],
    ['8:30-9:30 pm', 20 * 60 + 30, 21 * 60 + 30],
  ])('reads %s', (slot, start, end) => {
    expect(slotMinutes(slot)).toEqual({ start, end });
  });

  it('refuses what is not a slot', () => {
    expect(() => slotMinutes('mañana')).toThrow('Unrecognised slot');
  });
});

describe('freeClassIcs', () => {
  const ics = freeClassIcs(CLASS, NOW);

  it('is one published event between CRLF lines', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
    expect(unfold(ics).match(/^BEGIN:VEVENT$/gm)).toHaveLength(1);
  });

  it('places the class in UTC: El Salvador is six hours behind all year', () => {
    expect(property(ics, 'DTSTART')).toBe('20261128T220000Z');
    expect(property(ics, 'DTEND')).toBe('20261128T230000Z');
    expect(property(ics, 'DTSTAMP')).toBe('20261124T130509Z');
    expect(property(freeClassIcs({ ...CLASS, slot: '8:30-9:30 pm' }, NOW), 'DTEND')).toBe('20261129T033000Z');
  });

  it('names the class and the studio, with the address and what to bring escaped', () => {
    expect(property(ics, 'SUMMARY')).toBe('Clase gratis: Clásico 60 Min (Pulso)');
    expect(property(ics, 'LOCATION')).toBe('Calle El Progreso 12\\, Santa Tecla\\, La Libertad\\; El Salvador');
    expect(property(ics, 'DESCRIPTION')).toBe('Trae ropa deportiva\\, agua y una toalla pequeña\\nLlega 10 minutos antes para colocarte el sensor');
    expect(property(ics, 'UID')).toBe('clase-gratis-20261128T220000Z-20261124T130509Z@pulso');
  });

  it('folds lines longer than 75 octets, counting the bytes of accented letters', () => {
    const encoder = new TextEncoder();
    for (const line of ics.split('\r\n')) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    expect(ics).toContain('\r\n ');
  });
});

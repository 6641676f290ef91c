import { eventDataRows, profileChangesOf, profileValueText } from './event-values';

describe('event values in words', () => {
  it('names profile values as the member pages do, with human dates', () => {
    expect(profileValueText('gender', 'female')).toBe('Femenino');
    expect(profileValueText('fitnessLevel', 'intermediate')).toBe('Intermedio');
    expect(profileValueText('dateOfBirth', '1990-05-14')).toBe('14 de mayo de 1990');
    expect(profileValueText('dateOfBirth', '1990-05-14T12:00:00.000Z')).toBe('14 de mayo de 1990');
    expect(profileValueText('height', 163)).toBe('163 cm');
    expect(profileValueText('weight', 58)).toBe('58 kg');
    expect(profileValueText('goals', ['Perder peso', 'Tonificar'])).toBe('Perder peso, Tonificar');
    expect(profileValueText('gender', null)).toBe('—');
  });

  it('shows an erased member’s values as "[borrado]", without units or labels', () => {
    expect(profileValueText('height', '[borrado]')).toBe('[borrado]');
    expect(profileValueText('weight', '[borrado]')).toBe('[borrado]');
    expect(profileValueText('dateOfBirth', '[borrado]')).toBe('[borrado]');
    expect(profileValueText('gender', '[borrado]')).toBe('[borrado]');
    expect(profileValueText('goals', ['[borrado]'])).toBe('[borrado]');
  });

  it('reads a ProfileUpdated payload as rows and the other events as labelled facts', () => {
    expect(
      profileChangesOf({
        changes: { gender: { before: null, after: 'other' } },
        occurredAt: '2026-11-24T13:00:00.000Z',
      }),
    ).toEqual([{ field: 'gender', before: null, after: 'other' }]);
    expect(profileChangesOf({ occurredAt: '2026-11-24T13:00:00.000Z' })).toEqual([]);
    const rows = eventDataRows({
      workoutId: 'w1',
      durationSec: 40,
      isRunning: true,
      localDate: '2026-11-24',
      pausedBy: 'staff',
    });
    expect(rows).toEqual([
      { label: 'Día', text: '24 de noviembre de 2026' },
      { label: 'Duración', text: '40 s' },
      { label: 'Carrera', text: 'Sí' },
      { label: 'Pausado por', text: 'El personal' },
    ]);
  });
});

import { eventDataRows, monthText, profileChangesOf, profileValueText, streamSubjectText } from './event-values';

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
    // The member's history reads a session of Round de Campeonato (48 min 33 s) as 49 min: the staff's timeline too.
    expect(eventDataRows({ durationSec: 2913 })).toEqual([{ label: 'Duración', text: '49 min' }]);
  });

  it('names challenge months and the other events without stream ids', () => {
    expect(monthText('2026-11')).toBe('noviembre de 2026');
    expect(eventDataRows({ challengeId: 'c1', name: 'Noviembre activo', month: '2026-11', target: 12 })).toEqual([
      { label: 'Nombre', text: 'Noviembre activo' },
      { label: 'Mes', text: 'noviembre de 2026' },
      { label: 'Meta', text: '12' },
    ]);
    expect(eventDataRows({ bookingId: 'b1', outcome: 'no-show' })).toEqual([{ label: 'Resultado', text: 'No asistió' }]);
  });
});

describe('the subject of a log entry outside a member history', () => {
  it('names a challenge by its month and name, an archived one through the known challenges', () => {
    const created = { streamId: 'challenge-c1', type: 'ChallengeCreated', data: { challengeId: 'c1', name: 'Noviembre activo', month: '2026-11' } };
    expect(streamSubjectText(created)).toBe('Reto de noviembre de 2026 «Noviembre activo»');
    const archived = { streamId: 'challenge-c1', type: 'ChallengeArchived', data: { challengeId: 'c1' } };
    expect(streamSubjectText(archived, new Map([['c1', { name: 'Noviembre activo', month: '2026-11' }]]))).toBe('Reto de noviembre de 2026 «Noviembre activo»');
    expect(streamSubjectText(archived)).toBe('Un reto del mes');
  });

  it('names free-class outcomes, rebuilds and exports in words', () => {
    expect(streamSubjectText({ streamId: 'free-class-booking-b1', type: 'FreeClassOutcomeRecorded', data: { outcome: 'attended' } })).toBe(
      'Reserva de clase gratis · Asistió',
    );
    expect(streamSubjectText({ streamId: 'staff-u1', type: 'ProjectionRebuildRequested', data: { projection: 'all' } })).toBe(
      'Reconstrucción de todos los datos',
    );
    expect(streamSubjectText({ streamId: 'staff-u1', type: 'ProjectionRebuildRequested', data: { projection: 'member_profiles' } })).toBe(
      'Reconstrucción de Perfiles',
    );
    expect(streamSubjectText({ streamId: 'staff-u1', type: 'StaffExportDownloaded', data: { export: 'free-class-bookings' } })).toBe(
      'CSV de reservas de clase gratis',
    );
    for (const subject of [
      streamSubjectText({ streamId: 'staff-u1', type: 'Otro', data: null }),
      streamSubjectText({ streamId: 'free-class-booking-b1', type: 'FreeClassOutcomeRecorded', data: {} }),
    ]) {
      expect(subject).not.toMatch(/staff-|free-class-|challenge-/);
    }
  });
});

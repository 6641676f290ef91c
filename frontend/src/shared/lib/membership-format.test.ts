import { describe, expect, it } from 'vitest';
import type { MembershipDto } from '../api/generated-api';
import { classesLabel, daysLeft, validityLabel } from './membership-format';

const base: MembershipDto = {
  planId: 'four-classes',
  planTitle: '4 Classes',
  status: 'active',
  unlimited: false,
  classesLeft: 3,
  classesPerPeriod: 4,
  validFrom: '2026-12-02',
  validUntil: '2026-12-29',
  frozenFrom: null,
  holder: true,
  people: 1,
};

describe('membership in words', () => {
  it('says how many classes are left, unlimited, or none on the trial', () => {
    expect(classesLabel(base)).toBe('Quedan 3 de 4 clases');
    expect(classesLabel({ ...base, classesLeft: 1 })).toBe('Queda 1 de 4 clases');
    expect(classesLabel({ ...base, planId: 'one-class', classesLeft: 1, classesPerPeriod: 1 })).toBe('Queda 1 de 1 clase');
    expect(classesLabel({ ...base, unlimited: true, classesLeft: null, classesPerPeriod: null })).toBe('Clases ilimitadas');
    expect(classesLabel({ ...base, classesLeft: 0, classesPerPeriod: 0 })).toBe('Acceso a la plataforma (sin clases grupales)');
  });

  it('says until when, how soon it ends, when it ended, or since when it is frozen', () => {
    expect(validityLabel(base, '2026-12-02')).toBe('Vigente hasta el 29 de diciembre de 2026');
    expect(validityLabel(base, '2026-12-24')).toBe('Vigente hasta el 29 de diciembre de 2026 (quedan 5 días)');
    expect(validityLabel(base, '2026-12-28')).toBe('Vigente hasta el 29 de diciembre de 2026 (queda 1 día)');
    expect(validityLabel(base, '2026-12-29')).toBe('Vigente hasta el 29 de diciembre de 2026 (vence hoy)');
    expect(validityLabel({ ...base, status: 'expired' }, '2027-01-02')).toBe('Venció el 29 de diciembre de 2026');
    expect(validityLabel({ ...base, status: 'frozen', frozenFrom: '2026-12-10' }, '2026-12-12')).toBe(
      'Congelada desde el 10 de diciembre de 2026: los días congelada se suman a tu vigencia',
    );
    expect(daysLeft(base, '2026-12-02')).toBe(27);
  });
});

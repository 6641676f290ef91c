import type { Enrollment } from '../members-data/members-types';
import { defaultEnrollmentId, selectedEnrollment } from './default-enrollment';

const enrollment = (id: string, status: Enrollment['status']): Enrollment => ({ _id: id, planId: 'p', status, currentIndex: 0 });

describe('default enrolment', () => {
  it('is the first active one', () => {
    expect(defaultEnrollmentId([enrollment('a', 'paused'), enrollment('b', 'active'), enrollment('c', 'active')])).toBe('b');
  });

  it('is the first one when none is active', () => {
    expect(defaultEnrollmentId([enrollment('a', 'completed'), enrollment('b', 'paused')])).toBe('a');
    expect(defaultEnrollmentId([])).toBeNull();
  });

  it('keeps a choice that still exists, else falls back', () => {
    const list = [enrollment('a', 'paused'), enrollment('b', 'active')];
    expect(selectedEnrollment(list, 'a')?._id).toBe('a');
    expect(selectedEnrollment(list, 'gone')?._id).toBe('b');
  });
});

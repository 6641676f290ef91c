import type { EnrollmentDto } from '../api/generated-api';
import { defaultEnrollmentId, selectedEnrollment } from './enrollments';

const enrollment = (id: string, status: EnrollmentDto['status']) => ({ _id: id, status });

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

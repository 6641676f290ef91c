import type { EnrollmentDto } from '../api/generated-api';

/** What choosing an enrolment looks at, so a caller may pass any enrolment-shaped value. */
type Choosable = Pick<EnrollmentDto, '_id' | 'status'>;

/** Spec section 4: the plan selector starts on the first active enrolment, else the first. */
export function defaultEnrollmentId(enrollments: readonly Choosable[]): string | null {
  return (enrollments.find((enrollment) => enrollment.status === 'active') ?? enrollments[0])?._id ?? null;
}

/** A chosen id survives a refetch only while it still exists; otherwise fall back to the default. */
export function selectedEnrollment<E extends Choosable>(enrollments: readonly E[], chosenId: string | null): E | null {
  const chosen = chosenId ? enrollments.find((enrollment) => enrollment._id === chosenId) : undefined;
  if (chosen) return chosen;
  const fallback = defaultEnrollmentId(enrollments);
  return enrollments.find((enrollment) => enrollment._id === fallback) ?? null;
}

import type { Enrollment } from '../members-data/members-types';

/** Spec section 4: the plan selector starts on the first active enrolment, else the first. */
export function defaultEnrollmentId(enrollments: readonly Enrollment[]): string | null {
  return (enrollments.find((enrollment) => enrollment.status === 'active') ?? enrollments[0])?._id ?? null;
}

/** A chosen id survives a refetch only while it still exists; otherwise fall back to the default. */
export function selectedEnrollment(enrollments: readonly Enrollment[], chosenId: string | null): Enrollment | null {
  const chosen = chosenId ? enrollments.find((enrollment) => enrollment._id === chosenId) : undefined;
  if (chosen) return chosen;
  const fallback = defaultEnrollmentId(enrollments);
  return enrollments.find((enrollment) => enrollment._id === fallback) ?? null;
}

/**
 * Durations as every page writes them (ADR 0290). A workout's length is not computed here: the API
 * serves it (`estDurationMin`, from backend/src/modules/catalog/workout-duration.ts) and pages show
 * that number. What is measured (a session, a total, time in a zone) is written from its seconds:
 * under a minute in seconds ("18 s"), then to the nearest minute ("49 min"), the backend's rule for
 * a workout's length, so a session as long as its workout reads the same number.
 */

/** Seconds to the nearest minute, at least 1 once there is anything (the backend's `workoutMinutes`). */
function wholeMinutes(seconds: number): number {
  if (seconds <= 0) return 0;
  return Math.max(1, Math.round(seconds / 60));
}

/** A measured length for cards and lists: "18 s" under a minute, "49 min" after (the staff's timeline too). */
export function formatSessionLength(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  return `${wholeMinutes(whole)} min`;
}

/** Spec section 2: total time reads "h m" once it reaches an hour, "min" below it, seconds below a minute. */
export function formatTotalTime(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  if (whole === 0) return '0 min';
  if (whole < 60) return `${whole} s`;
  const minutes = wholeMinutes(whole);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** A workout's length as the API serves it: a training workout's `estDurationMin`, a running one's `duration`. */
export function formatWorkoutLength(workout: { estDurationMin?: number | null; duration?: number | null }): string | null {
  const minutes = workout.estDurationMin ?? workout.duration;
  return minutes ? `${minutes} min` : null;
}

/** A running timer: m:ss under an hour, h:mm:ss after. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * Spec section 2: total time reads "h m" once it reaches an hour, "min" below it.
 * Minutes are rounded down so the figure never claims time not trained.
 */
export function formatTotalTime(totalSeconds: number): string {
  const minutes = Math.max(0, Math.floor(totalSeconds / 60));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** A session length for cards and lists: "45 min" (never "0 min" for a short one). */
export function formatMinutes(seconds: number): string {
  if (seconds <= 0) return '0 min';
  return `${Math.max(1, Math.round(seconds / 60))} min`;
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

/** The best length a workout states, in seconds: computed from rounds, then the coach's estimate. */
export function workoutSeconds(workout: { calculatedDurationMin?: number; estDurationMin?: number; estDurationSec?: number; duration?: number }): number {
  if (workout.calculatedDurationMin) return workout.calculatedDurationMin * 60;
  if (workout.estDurationSec) return workout.estDurationSec;
  if (workout.estDurationMin) return workout.estDurationMin * 60;
  if (workout.duration) return workout.duration * 60;
  return 0;
}

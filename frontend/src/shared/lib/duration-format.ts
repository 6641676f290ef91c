/**
 * The one rule for minutes shown anywhere in the members' pages (a workout's length, a
 * history entry, the total time): round to the nearest minute, and anything trained
 * reads at least 1 min. Totals and entries round alike, so one 40-second run reads
 * "1 min" in the history and in the total (the total used to round down to "0 min").
 */
function wholeMinutes(seconds: number): number {
  if (seconds <= 0) return 0;
  return Math.max(1, Math.round(seconds / 60));
}

/** Spec section 2: total time reads "h m" once it reaches an hour, "min" below it. */
export function formatTotalTime(totalSeconds: number): string {
  const minutes = wholeMinutes(totalSeconds);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** A session length for cards and lists: "45 min". */
export function formatMinutes(seconds: number): string {
  return `${wholeMinutes(seconds)} min`;
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

/**
 * A workout's length in seconds, the exact seconds summed from its rounds first.
 * `calculatedDurationMin` is those seconds already rounded up, and a plan's workout list
 * carries only the seconds: preferring the minutes made one workout read 28 min on the
 * dashboard and 27 min in the plan's detail.
 */
export function workoutSeconds(workout: { calculatedDurationMin?: number; estDurationMin?: number; estDurationSec?: number; duration?: number }): number {
  if (workout.estDurationSec) return workout.estDurationSec;
  if (workout.calculatedDurationMin) return workout.calculatedDurationMin * 60;
  if (workout.estDurationMin) return workout.estDurationMin * 60;
  if (workout.duration) return workout.duration * 60;
  return 0;
}

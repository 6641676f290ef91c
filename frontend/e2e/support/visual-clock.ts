/**
 * The clocks of the visual check (ADR 0231). Its pages must read the same on any day the run is
 * on, so neither the browser nor the server may tell the real date:
 * - the browser's clock is fixed at BROWSER_NOW (page.clock.setFixedTime);
 * - the visual server's wall clock is moved so that it reads SERVER_STARTS_AT when the run begins,
 *   and runs on from there (scripts/shifted-clock.mjs): a completion, the staff's "today" and the
 *   class of the day fall on that Tuesday, a little before the browser's instant.
 * At 12:05 the class board suggests the 12:00 slot, and keeps suggesting it until 15:40: far from
 * any run's length.
 */

/** Tuesday 24 November 2026, 12:30 in San Salvador. */
export const BROWSER_NOW = new Date('2026-11-24T18:30:00Z');
/** The same Tuesday, 12:05 in San Salvador. */
const SERVER_STARTS_AT = Date.parse('2026-11-24T18:05:00Z');

/**
 * How far the visual server's clock is moved, in milliseconds. Computed once, when the run's
 * configuration is first loaded, and handed through the environment to the server and to the
 * test workers (which load the configuration again), so all of them move by the same amount.
 */
export function visualClockOffsetMs(): number {
  process.env.PULSO_VISUAL_CLOCK_OFFSET_MS ??= String(SERVER_STARTS_AT - Date.now());
  return Number(process.env.PULSO_VISUAL_CLOCK_OFFSET_MS);
}

// Test tooling, loaded with `node --import` by scripts/e2e-server.mjs when PULSO_CLOCK_OFFSET_MS is set:
// this process's wall clock reads that many milliseconds later (or earlier), and runs on at the real pace.
// The visual check's server uses it so that what the server dates (a completion, "today", the class of
// the day) falls on the same day and hour as the browser's fixed clock, whatever day the run is on.
// Only `Date` moves; timers, `performance.now()` and the embedded PostgreSQL keep the real clock.
const offset = Number(process.env.PULSO_CLOCK_OFFSET_MS);

if (Number.isFinite(offset) && offset !== 0) {
  const RealDate = globalThis.Date;
  const realNow = RealDate.now.bind(RealDate);

  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(realNow() + offset);
      else super(...args);
    }

    static now() {
      return realNow() + offset;
    }

    /** A date made by Node itself (the real `Date`) is still a `Date`. */
    static [Symbol.hasInstance](value) {
      return value instanceof RealDate;
    }
  }

  // `Date()` called without `new` answers the current time as text, as the real one does.
  globalThis.Date = new Proxy(ShiftedDate, { apply: () => new ShiftedDate().toString() });
}

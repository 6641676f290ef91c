/**
 * How long a group class lasts at the studio, the one number behind the spec's 'Clásico 60 Min'
 * (section 3) and every copy that states a class's length. The SPA's public pages hold the same
 * figure in frontend/src/shared/lib/class-length.ts; each side's tests pin it to the spec's name.
 */
export const CLASS_LENGTH_MIN = 60;

/** Saturday's class, and any day the spec names no other (free-class calendar, catalogue). */
export const CLASSIC_CLASS_NAME = `Clásico ${CLASS_LENGTH_MIN} Min`;

/**
 * How long a group class lasts at the studio: the one number behind the spec's 'Clásico 60 Min'
 * and every public page that states a class's length (the landing's figure, the methods page).
 * The API holds the same figure in backend/src/shared/class-length.ts; both are pinned to the spec.
 */
export const CLASS_LENGTH_MIN = 60;

/** Saturday's class (spec section 9's calendar). */
export const CLASSIC_CLASS_NAME = `Clásico ${CLASS_LENGTH_MIN} Min`;

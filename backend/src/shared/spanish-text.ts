/**
 * People's names as a Spanish reader expects them (ADR 0277): sorted the way a Spanish dictionary
 * sorts ("Ángela" beside "Ana", "Ñusta" after "Nora"), and found whatever the accents typed.
 *
 * The database itself compares text byte by byte (ADR 0275), so an accented initial would sort
 * after "z"; the few queries that sort names say so with `SPANISH_ORDER`.
 */

/** The collation for an `ORDER BY` over names: ICU's Spanish (PostgreSQL built with ICU, as both shapes are). */
export const SPANISH_ORDER = 'COLLATE "es-x-icu"';

/** Vowels with an accent or a diaeresis, and what a search folds them to. "ñ" stays a letter of its own. */
const ACCENTED = 'áàâäéèêëíìîïóòôöúùûü';
const PLAIN = 'aaaaeeeeiiiioooouuuu';

/** SQL that folds a text expression for an accent-blind search: lower case, vowels without accents. */
export function foldedSql(expression: string): string {
  return `translate(lower(${expression}), '${ACCENTED}', '${PLAIN}')`;
}

/** The same folding for what was typed (lower case, vowels without accents), before it becomes a LIKE pattern. */
export function foldForSearch(text: string): string {
  let folded = '';
  for (const char of text.toLowerCase()) {
    const at = ACCENTED.indexOf(char);
    folded += at === -1 ? char : PLAIN[at];
  }
  return folded;
}

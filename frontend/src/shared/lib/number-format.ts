const wholeNumbers = new Intl.NumberFormat('es-SV', { maximumFractionDigits: 0 });

/** A whole figure as El Salvador writes it: 1300 → "1,300". */
export function formatCount(value: number): string {
  return wholeNumbers.format(value);
}

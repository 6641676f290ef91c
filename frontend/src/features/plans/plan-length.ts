/** Spec section 9: a plan's length label from its estimated weeks. */
export function planLengthLabel(estimatedWeeks: number | undefined | null): string {
  const weeks = estimatedWeeks ?? 0;
  if (weeks <= 2) return 'Programa corto';
  if (weeks <= 4) return 'Un mes';
  if (weeks <= 8) return 'Dos meses';
  if (weeks <= 12) return 'Tres meses';
  return 'Programa extenso';
}

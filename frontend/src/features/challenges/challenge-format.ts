import type { ChallengeDto } from '../../shared/api/generated-api';

/** How a goal reads after its number: "12 entrenamientos". */
export const GOAL_UNITS: Record<ChallengeDto['goalType'], { one: string; many: string }> = {
  workouts: { one: 'entrenamiento', many: 'entrenamientos' },
  minutes: { one: 'minuto', many: 'minutos' },
  points: { one: 'Punto Pulso', many: 'Puntos Pulso' },
};

/** The staff form's choice of what counts. */
export const GOAL_TYPE_LABELS: Record<ChallengeDto['goalType'], string> = {
  workouts: 'Entrenamientos',
  minutes: 'Minutos de entrenamiento',
  points: 'Puntos Pulso',
};

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

export function amountOf(value: number, goalType: ChallengeDto['goalType']): string {
  const unit = GOAL_UNITS[goalType];
  return `${value.toLocaleString('es-SV')} ${value === 1 ? unit.one : unit.many}`;
}

/** "2026-12" → "diciembre de 2026". */
export function monthName(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1] ?? ''} de ${month.slice(0, 4)}`;
}

/** Whole percent of the goal, capped at 100. */
export function percentOf(progress: number, target: number): number {
  return target > 0 ? Math.min(100, Math.round((progress / target) * 100)) : 0;
}

export function daysLeftText(daysLeft: number): string {
  if (daysLeft <= 0) return 'El reto terminó';
  if (daysLeft === 1) return 'Último día';
  return `Quedan ${daysLeft} días`;
}

/** What is still missing, in the goal's unit: "Te faltan 3 entrenamientos". */
export function remainingText(progress: number, target: number, goalType: ChallengeDto['goalType']): string {
  const missing = Math.max(0, target - progress);
  return missing === 0 ? '¡Meta alcanzada!' : `Te ${missing === 1 ? 'falta' : 'faltan'} ${amountOf(missing, goalType)}`;
}

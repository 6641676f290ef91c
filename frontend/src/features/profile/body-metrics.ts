/** Spec section 5: BMI = weight / (height in metres)², shown with one decimal. */
export function bodyMassIndex(weightKg: number | null | undefined, heightCm: number | null | undefined): number | null {
  if (!weightKg || !heightCm || weightKg <= 0 || heightCm <= 0) return null;
  const metres = heightCm / 100;
  return Math.round((weightKg / (metres * metres)) * 10) / 10;
}

export type BmiCategory = 'Bajo peso' | 'Peso normal' | 'Sobrepeso' | 'Obesidad';

export function bmiCategory(bmi: number): BmiCategory {
  if (bmi < 18.5) return 'Bajo peso';
  if (bmi < 25) return 'Peso normal';
  if (bmi < 30) return 'Sobrepeso';
  return 'Obesidad';
}

export function formatBmi(bmi: number): string {
  return bmi.toFixed(1);
}

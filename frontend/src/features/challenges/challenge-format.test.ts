import { describe, expect, it } from 'vitest';
import { amountOf, daysLeftText, monthName, percentOf, remainingText } from './challenge-format';

describe('challenge texts', () => {
  it('names amounts in the goal unit, singular and plural', () => {
    expect(amountOf(1, 'workouts')).toBe('1 entrenamiento');
    expect(amountOf(12, 'workouts')).toBe('12 entrenamientos');
    expect(amountOf(1, 'points')).toBe('1 Punto Pulso');
    expect(amountOf(300, 'minutes')).toBe('300 minutos');
  });

  it('names the month and the days left', () => {
    expect(monthName('2026-12')).toBe('diciembre de 2026');
    expect(daysLeftText(7)).toBe('Quedan 7 días');
    expect(daysLeftText(1)).toBe('Último día');
    expect(daysLeftText(0)).toBe('El reto terminó');
  });

  it('caps the percent at 100 and says what is missing', () => {
    expect(percentOf(3, 12)).toBe(25);
    expect(percentOf(15, 12)).toBe(100);
    expect(remainingText(11, 12, 'workouts')).toBe('Te falta 1 entrenamiento');
    expect(remainingText(2, 12, 'minutes')).toBe('Te faltan 10 minutos');
    expect(remainingText(12, 12, 'workouts')).toBe('¡Meta alcanzada!');
  });
});

import { bmiCategory, bodyMassIndex, formatBmi } from './body-metrics';

describe('body metrics', () => {
  it('computes BMI with one decimal', () => {
    expect(bodyMassIndex(70, 175)).toBe(22.9);
    expect(formatBmi(bodyMassIndex(80, 200)!)).toBe('20.0');
  });

  it('needs both figures', () => {
    expect(bodyMassIndex(null, 170)).toBeNull();
    expect(bodyMassIndex(70, 0)).toBeNull();
  });

  it.each([
    [18.4, 'Bajo peso'],
    [18.5, 'Peso normal'],
    [24.9, 'Peso normal'],
    [25, 'Sobrepeso'],
    [29.9, 'Sobrepeso'],
    [30, 'Obesidad'],
  ])('%f is %s', (bmi, category) => {
    expect(bmiCategory(bmi)).toBe(category);
  });
});

import { planLengthLabel } from './plan-length';

describe('planLengthLabel', () => {
  it.each([
    [1, 'Programa corto'],
    [2, 'Programa corto'],
    [3, 'Un mes'],
    [4, 'Un mes'],
    [8, 'Dos meses'],
    [12, 'Tres meses'],
    [13, 'Programa extenso'],
    [undefined, 'Programa corto'],
  ])('%s weeks is %s', (weeks, label) => {
    expect(planLengthLabel(weeks)).toBe(label);
  });
});

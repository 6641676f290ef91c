import { formatPhone } from './phone-format';

describe('formatPhone', () => {
  it('writes Central American numbers in two groups of four after the country code', () => {
    expect(formatPhone('+50370123456')).toBe('+503 7012-3456');
    expect(formatPhone('+50688887777')).toBe('+506 8888-7777');
  });

  it('writes a North American number in its groups, and keeps any other as it came', () => {
    expect(formatPhone('+14155550123')).toBe('+1 415-555-0123');
    expect(formatPhone('+5215512345678')).toBe('+5215512345678');
    expect(formatPhone('7012-3456')).toBe('7012-3456');
  });
});

import { formatPhone, phoneHref } from './phone-format';

describe('formatPhone', () => {
  it('writes a Salvadoran number as the studio does: +503 7012-3456', () => {
    expect(formatPhone('+50370123456')).toBe('+503 7012-3456');
    expect(formatPhone('+503 7845 2210')).toBe('+503 7845-2210');
    expect(formatPhone('+503 7845-2210')).toBe('+503 7845-2210');
    expect(formatPhone('+503 (2228) 1234')).toBe('+503 2228-1234');
  });

  it('writes the rest of Central America alike, and a North American number in its groups', () => {
    expect(formatPhone('+50255551234')).toBe('+502 5555-1234');
    expect(formatPhone('+50688887777')).toBe('+506 8888-7777');
    expect(formatPhone('+14155550123')).toBe('+1 415-555-0123');
  });

  it('keeps any other number as it came, without inventing groups', () => {
    expect(formatPhone('+5215512345678')).toBe('+5215512345678');
    expect(formatPhone('+5037012345')).toBe('+5037012345');
    expect(formatPhone('7012-3456')).toBe('7012-3456');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
  });

  it('dials the digits whatever the writing', () => {
    expect(phoneHref('+503 7845-2210')).toBe('tel:+50378452210');
    expect(phoneHref(formatPhone('+50370123456'))).toBe('tel:+50370123456');
  });
});

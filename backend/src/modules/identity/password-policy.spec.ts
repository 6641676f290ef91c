import { isCommonPassword, passwordProblem } from './password-policy';

describe('passwordProblem', () => {
  it.each([
    ['Corta1A', 'form_password_length_too_short'],
    ['Ñ'.repeat(40) + 'a1', 'form_password_size_in_bytes_exceeded'],
    ['sinmayusculas1', 'form_password_not_strong_enough'],
    ['SINMINUSCULAS1', 'form_password_not_strong_enough'],
    ['SinNumerosAqui', 'form_password_not_strong_enough'],
    ['Password1', 'form_password_pwned'],
    ['Contraseña2024!', 'form_password_pwned'],
    ['Qwerty123', 'form_password_pwned'],
  ])('refuses %j with %s', (password, reason) => {
    expect(passwordProblem(password)).toBe(reason);
  });

  it.each(['Entrena-Fuerte-24', 'Tecla7Montaña', 'rIo-Lempa-1987'])('accepts %j', (password) => {
    expect(passwordProblem(password)).toBeUndefined();
  });
});

describe('isCommonPassword', () => {
  it('matches case-insensitively and through appended digits or symbols', () => {
    expect(isCommonPassword('IloveYou')).toBe(true);
    expect(isCommonPassword('Futbol2026!!')).toBe(true);
    expect(isCommonPassword('Entrena-Fuerte-24')).toBe(false);
  });

  it('does not strip down to tiny stems', () => {
    expect(isCommonPassword('Abc999')).toBe(false);
  });
});

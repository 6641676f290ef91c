import { foldForSearch, foldedSql } from './spanish-text';

describe('Spanish text (ADR 0277)', () => {
  it('folds what was typed to lower case without accents, keeping ñ', () => {
    expect(foldForSearch('ÁNGELA Pérez')).toBe('angela perez');
    expect(foldForSearch('Güero Núñez')).toBe('guero nuñez');
    expect(foldForSearch('maría@example.com')).toBe('maria@example.com');
  });

  it('folds in SQL with the same letters', () => {
    expect(foldedSql('name')).toBe("translate(lower(name), 'áàâäéèêëíìîïóòôöúùûü', 'aaaaeeeeiiiioooouuuu')");
  });
});

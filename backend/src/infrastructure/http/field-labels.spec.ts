import { readdirSync } from 'node:fs';
import path from 'node:path';
import { getMetadataStorage } from 'class-validator';
import { FIELD_LABELS, labelOf, sentence } from './field-labels';

/** Every class exported by a `*.dto.ts` file of the backend. */
function dtoClasses(): [string, new () => unknown][] {
  const source = path.resolve(__dirname, '..', '..');
  const files = readdirSync(source, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.dto.ts'));
  const modules = files.map((file) => jest.requireActual<Record<string, unknown>>(path.join(source, file)));
  return modules.flatMap((exports) => Object.entries(exports).filter((entry): entry is [string, new () => unknown] => typeof entry[1] === 'function'));
}

describe('field labels', () => {
  it('name every field a DTO validates', () => {
    const storage = getMetadataStorage();
    const classes = dtoClasses();
    expect(classes.length).toBeGreaterThan(20);
    const fields = new Set(
      classes.flatMap(([name, dto]) => storage.getTargetValidationMetadatas(dto, '', false, false).map((metadata) => `${name}.${metadata.propertyName}`)),
    );
    expect(fields).toContain('ProfileInputDto.height');
    expect([...fields].filter((field) => FIELD_LABELS[field.split('.')[1]!] === undefined)).toEqual([]);
  });

  it('find the label of a nested field or a list item', () => {
    expect(labelOf('profile.height')).toBe('La estatura');
    expect(labelOf('profile.goals.1')).toBe('Los objetivos');
    expect(labelOf('desconocido')).toBeUndefined();
  });

  it('make the verb agree with a plural label and the adjective after it with the gender', () => {
    expect(sentence('La estatura', 'debe ser un número.')).toBe('La estatura debe ser un número.');
    expect(sentence('La fecha de nacimiento', 'es requerido.')).toBe('La fecha de nacimiento es requerida.');
    expect(sentence('La inscripción', 'no es válido.')).toBe('La inscripción no es válida.');
    expect(sentence('El plan', 'es requerido.')).toBe('El plan es requerido.');
    expect(sentence('Los objetivos', 'debe ser una lista.')).toBe('Los objetivos deben ser una lista.');
    expect(sentence('Los objetivos', 'no puede tener más de 12 objetivos.')).toBe('Los objetivos no pueden tener más de 12 objetivos.');
    expect(sentence('Los días sin actividad', 'es requerido.')).toBe('Los días sin actividad son requeridos.');
    // Only the adjective of the subject agrees, not one of another noun.
    expect(sentence('La inscripción', 'debe ser un identificador válido.')).toBe('La inscripción debe ser un identificador válido.');
  });
});

import { IsArray, IsInt, IsNumber, IsOptional, IsString, Max, Min, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { ArgumentMetadata } from '@nestjs/common';
import { DomainError } from '../../shared/domain-error';
import { createValidationPipe } from './validation';

class Inner {
  @IsInt()
  @Min(100)
  @Max(250)
  height: number;

  @IsOptional()
  @IsNumber({}, { message: 'weight debe ser un número (kg).' })
  @Max(500, { message: 'weight no puede ser mayor que 500 kg.' })
  weight?: number;

  @IsOptional()
  @IsArray()
  goals?: string[];
}

class Body {
  @IsString({ message: 'Nombre es requerido.' })
  name: string;

  @ValidateNested()
  @Type(() => Inner)
  profile: Inner;
}

const metadata: ArgumentMetadata = { type: 'body', metatype: Body };

async function problemsOf(value: unknown) {
  try {
    await createValidationPipe().transform(value, metadata);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).details?.fields as { field: string; message: string }[];
  }
  throw new Error('expected a validation failure');
}

describe('validation pipe', () => {
  it('answers an array or a number as a body of optional fields in Spanish', async () => {
    class Loose {
      @IsOptional()
      @IsString()
      name?: string;
    }
    for (const value of [[], 7]) {
      const refused = await createValidationPipe()
        .transform(value, { type: 'body', metatype: Loose })
        .then(
          () => undefined,
          (error: DomainError) => error.details?.fields,
        );
      expect(refused).toEqual([{ field: 'body', message: 'El cuerpo de la solicitud debe ser un objeto JSON.' }]);
    }
  });

  it('keeps the messages DTOs set and phrases the rest in Spanish, naming the field in Spanish', async () => {
    const problems = await problemsOf({ profile: { height: 90, goals: 'correr' }, extra: 1 });
    expect(problems).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Nombre es requerido.' },
        { field: 'profile.height', message: 'La estatura debe ser al menos 100.' },
        { field: 'profile.goals', message: 'Los objetivos deben ser una lista.' },
        { field: 'extra', message: "El campo 'extra' no está permitido." },
      ]),
    );
  });

  it('puts the Spanish label in place of the code name a DTO message starts with', async () => {
    const problems = await problemsOf({ name: 'Ana', profile: { height: 170, weight: 900 } });
    expect(problems).toEqual([{ field: 'profile.weight', message: 'El peso no puede ser mayor que 500 kg.' }]);
  });

  it('says only that the type is wrong when it is, not the ranges it cannot meet', async () => {
    expect(await problemsOf({ name: 'Ana', profile: { height: '170' } })).toEqual([
      { field: 'profile.height', message: 'La estatura debe ser un número entero.' },
    ]);
    expect(await problemsOf({ name: 'Ana', profile: { height: 170, weight: '70' } })).toEqual([
      { field: 'profile.weight', message: 'El peso debe ser un número (kg).' },
    ]);
  });

  it('lets a valid body through', async () => {
    await expect(createValidationPipe().transform({ name: 'Ana', profile: { height: 170 } }, metadata)).resolves.toBeInstanceOf(Body);
  });
});

describe('NUL characters', () => {
  const pipe = createValidationPipe();

  it('are refused in queries, path parameters and nested bodies, naming the field', async () => {
    await expect(pipe.transform({ q: 'a\u0000' }, { type: 'query', data: undefined })).rejects.toMatchObject({
      message: 'La búsqueda contiene caracteres no permitidos.',
    });
    await expect(pipe.transform('\u0000', { type: 'param', data: 'id' })).rejects.toMatchObject({
      message: 'El identificador contiene caracteres no permitidos.',
    });
    await expect(pipe.transform({ profile: { goals: ['ok', 'x\u0000'] } }, { type: 'body', data: undefined })).rejects.toBeInstanceOf(DomainError);
    await expect(pipe.transform({ profile: { goals: ['ok', 'x\u0000'] } }, { type: 'body', data: undefined })).rejects.toMatchObject({
      message: 'Los objetivos contienen caracteres no permitidos.',
      details: { fields: [{ field: 'profile.goals.1', message: 'Los objetivos contienen caracteres no permitidos.' }] },
    });
  });

  it('are refused like lone surrogates, which are not Unicode text', async () => {
    await expect(pipe.transform({ email: '\ud800' }, { type: 'body', data: undefined })).rejects.toMatchObject({
      message: 'El correo electrónico contiene caracteres no permitidos.',
    });
    await expect(pipe.transform({ 'x\u0000': 1 }, { type: 'body', data: undefined })).rejects.toMatchObject({
      message: "El campo 'x\u0000' contiene caracteres no permitidos.",
    });
    await expect(pipe.transform({ name: 'a\udc00b' }, { type: 'body', data: undefined })).rejects.toBeInstanceOf(DomainError);
  });

  it('let ordinary text through, emoji included', async () => {
    await expect(pipe.transform({ name: 'Ana 👩‍👩‍👧 ñandú' }, { type: 'body', data: undefined })).resolves.toEqual({ name: 'Ana 👩‍👩‍👧 ñandú' });
    await expect(pipe.transform({ q: 'Ana Martínez' }, { type: 'query', data: undefined })).resolves.toEqual({ q: 'Ana Martínez' });
  });
});

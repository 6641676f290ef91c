import { IsInt, IsString, Max, Min, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { ArgumentMetadata } from '@nestjs/common';
import { DomainError } from '../../shared/domain-error';
import { createValidationPipe } from './validation';

class Inner {
  @IsInt()
  @Min(100)
  @Max(250)
  height: number;
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
  it('keeps the messages DTOs set and phrases the rest in Spanish, naming the field', async () => {
    const problems = await problemsOf({ profile: { height: 90 }, extra: 1 });
    expect(problems).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Nombre es requerido.' },
        { field: 'profile.height', message: 'profile.height debe ser al menos 100.' },
        { field: 'extra', message: "El campo 'extra' no está permitido." },
      ]),
    );
  });

  it('lets a valid body through', async () => {
    await expect(createValidationPipe().transform({ name: 'Ana', profile: { height: 170 } }, metadata)).resolves.toBeInstanceOf(Body);
  });
});

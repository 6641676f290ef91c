import { getMetadataStorage, IsInt, IsOptional, IsString, MaxLength, MetadataStorage, registerDecorator, validate } from 'class-validator';
import { rememberValidationRules } from './validation-rules-cache';

class Base {
  @IsString()
  name!: string;
}

class Child extends Base {
  @IsInt()
  minutes!: number;

  @IsOptional()
  @MaxLength(3)
  note?: string;
}

class Other {
  @IsInt()
  count!: number;
}

describe('rememberValidationRules (ADR 0270)', () => {
  it('answers what class-validator answers, inherited rules included, from the second lookup on without walking the classes', () => {
    const storage = getMetadataStorage();
    rememberValidationRules(storage);
    // class-validator's own lookup, on the same storage, without what it kept.
    const own = (target: object, groups?: string[]) => MetadataStorage.prototype.getTargetValidationMetadatas.call(storage, target as never, '', false, false, groups);
    for (const target of [Child, Base, Other]) {
      const first = storage.getTargetValidationMetadatas(target, '', false, false);
      expect(first).toEqual(own(target));
      expect(storage.getTargetValidationMetadatas(target, '', false, false)).toBe(first);
      expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(first));
      expect(storage.groupByPropertyName(first)).toEqual(MetadataStorage.prototype.groupByPropertyName.call(storage, first));
    }
    expect(storage.getTargetValidationMetadatas(Child, '', false, false).map((rule) => rule.propertyName).sort()).toEqual(['minutes', 'name', 'note', 'note']);
    // Other options are another answer.
    expect(storage.getTargetValidationMetadatas(Child, '', false, false, ['admin'])).toEqual(own(Child, ['admin']));
    expect(storage.getTargetValidationMetadatas(Child, '', false, false, ['admin'])).not.toBe(storage.getTargetValidationMetadatas(Child, '', false, false));
  });

  it('forgets what it kept when a rule is added, so a class given a rule later is validated with it', async () => {
    rememberValidationRules();
    class Late {
      count!: unknown;
    }
    const late = Object.assign(new Late(), { count: 'x' });
    expect(await validate(late, { forbidUnknownValues: false })).toEqual([]);
    registerDecorator({ target: Late, propertyName: 'count', validator: { validate: (value: unknown) => typeof value === 'number' } });
    const errors = await validate(late, { forbidUnknownValues: false });
    expect(errors.map((error) => error.property)).toEqual(['count']);
    // And validates as before: a DTO with nested rules still refuses what it refused.
    expect((await validate(Object.assign(new Child(), { name: 1, minutes: 'x', note: 'long' }))).map((error) => error.property).sort()).toEqual(['minutes', 'name', 'note']);
  });
});

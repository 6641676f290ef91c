import { copyField, copyLine } from './copy-rows';

describe('copyRows text format (ADR 0248)', () => {
  it('escapes what COPY reads specially and sends nulls as \\N', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(undefined)).toBe('\\N');
    expect(copyField('\\N')).toBe('\\\\N');
    expect(copyField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyField('Ñandú "x" \'y\' ❤️')).toBe('Ñandú "x" \'y\' ❤️');
    expect(copyField('')).toBe('');
    expect(copyField(12)).toBe('12');
    expect(copyField(true)).toBe('t');
    expect(() => copyField(Number.NaN)).toThrow();
  });

  it('writes arrays as quoted array literals and JSON as text', () => {
    expect(copyField(['plain', 'with space', '', 'NULL', null, 'a,b', 'q"\\', 'tab\t'])).toBe(
      '{plain,"with space","","NULL",NULL,"a,b","q\\\\"\\\\\\\\","tab\\t"}',
    );
    expect(copyField({ json: { name: 'a\nb' } })).toBe('{"name":"a\\\\nb"}');
    expect(copyLine(['x', null, 3])).toBe('x\t\\N\t3\n');
  });
});

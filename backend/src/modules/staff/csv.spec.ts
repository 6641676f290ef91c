import { csvField, csvLine } from './csv';

describe('staff CSV fields', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvField('Hernández, Lucía')).toBe('"Hernández, Lucía"');
    expect(csvField('dijo "hola"')).toBe('"dijo ""hola"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('sencillo')).toBe('sencillo');
  });

  it('writes objects as JSON and empties null', () => {
    expect(csvField({ weight: { before: 61, after: 59 } })).toBe('"{""weight"":{""before"":61,""after"":59}}"');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(3)).toBe('3');
  });

  it('never lets a spreadsheet run a cell as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+50370001111')).toBe("'+50370001111");
    expect(csvField('@cmd')).toBe("'@cmd");
  });

  it('ends each line with CRLF', () => {
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});

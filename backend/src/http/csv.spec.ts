import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['=SUM(A1)', '-12.50'],
          [null, new Date('2026-01-02T03:04:05.000Z')],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=SUM(A1),-12.50\r\n,2026-01-02T03:04:05.000Z\r\n');
  });
});

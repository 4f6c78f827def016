import { toCsv } from './csv';

describe('CSV export', () => {
  it('writes a header and one line per row, CRLF-terminated', () => {
    expect(
      toCsv(
        ['time', 'value'],
        [
          ['2026-01-01T00:00:00.000Z', 1.5],
          ['2026-01-01T01:00:00.000Z', -2],
        ],
      ),
    ).toBe('time,value\r\n2026-01-01T00:00:00.000Z,1.5\r\n2026-01-01T01:00:00.000Z,-2\r\n');
  });

  it('quotes separators, quotes and line breaks, and leaves missing values empty', () => {
    expect(
      toCsv(
        ['a', 'b', 'c'],
        [
          ['x,y', 'say "hi"', null],
          ['line\nbreak', undefined, true],
        ],
      ),
    ).toBe('a,b,c\r\n"x,y","say ""hi""",\r\n"line\nbreak",,true\r\n');
  });

  it('neutralises text that a spreadsheet would run as a formula, and leaves numbers as they are', () => {
    const names = ['=HYPERLINK("http://x","y")', '+1+cmd|calc', '-2+3', '@SUM(A1)', '\tTab', '\rReturn', 'Brno = home'];
    expect(
      toCsv(
        ['name'],
        names.map((name) => [name]),
      )
        .split('\r\n')
        .slice(1, -1),
    ).toEqual([`"'=HYPERLINK(""http://x"",""y"")"`, "'+1+cmd|calc", "'-2+3", "'@SUM(A1)", "'\tTab", `"'\rReturn"`, 'Brno = home']);
    expect(
      toCsv(
        ['w', 'text'],
        [
          [-1500, '-1500'],
          [2.5e-3, '+4.2'],
        ],
      ),
    ).toBe('w,text\r\n-1500,-1500\r\n0.0025,+4.2\r\n');
  });
});

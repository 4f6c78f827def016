// The history CSV both the console (preview) and the server (import) read: columns by header, times
// with a zone, errors by the file's line numbers, pieces that keep those numbers.
import { historyPieces, parseHistoryCsv } from './history-csv';

describe('the history CSV', () => {
  it('reads samples in any column order, with comma or semicolon', () => {
    const parsed = parseHistoryCsv('key,value,time\nActPwrPve,1500.5,2025-06-01T10:00:00Z\nBatSoc,55,2025-06-01T12:00:00+02:00\n');
    expect(parsed.errors).toEqual([]);
    expect(parsed.samples).toEqual([
      { key: 'ActPwrPve', value: 1500.5, ts: Date.parse('2025-06-01T10:00:00Z') },
      { key: 'BatSoc', value: 55, ts: Date.parse('2025-06-01T10:00:00Z') },
    ]);
    expect(parsed.keys).toEqual(['ActPwrPve', 'BatSoc']);
    expect(parseHistoryCsv('time;key;value\n2025-06-01 10:00:00Z;BatSoc;55,5').samples).toEqual([
      { key: 'BatSoc', value: 55.5, ts: Date.parse('2025-06-01T10:00:00Z') },
    ]);
  });

  it('refuses wrong columns on line 1', () => {
    const parsed = parseHistoryCsv('when,metric,amount\n2025-06-01T10:00:00Z,BatSoc,1');
    expect(parsed.samples).toEqual([]);
    expect(parsed.errors).toEqual([{ line: 1, message: expect.stringMatching(/time, key, value/) }]);
  });

  it('names each bad line: a time without a zone, a bad key, a value that is no number, a wrong column count', () => {
    const parsed = parseHistoryCsv(
      'time,key,value\n2025-06-01T10:00:00,BatSoc,1\n2025-06-01T10:00:00Z,Bat Soc,1\n2025-06-01T10:00:00Z,BatSoc,abc\n2025-06-01T10:00:00Z,BatSoc\n2025-06-01T10:00:00Z,BatSoc,1.5\n',
    );
    expect(parsed.errors.map((e) => e.line)).toEqual([2, 3, 4, 5]);
    expect(parsed.errorCount).toBe(4);
    expect(parsed.samples).toHaveLength(1);
  });

  it('cuts a file into pieces whose errors still name the file’s lines', () => {
    const lines = ['time,key,value', ...Array.from({ length: 5 }, (_, i) => `2025-06-01T10:0${i}:00Z,BatSoc,${i}`), 'bad,BatSoc,1'];
    const pieces = historyPieces(lines.join('\n'), 3);
    expect(pieces).toHaveLength(2);
    expect(parseHistoryCsv(pieces[0]?.text ?? '', pieces[0]?.firstLine).samples).toHaveLength(3);
    const second = parseHistoryCsv(pieces[1]?.text ?? '', pieces[1]?.firstLine);
    expect(second.samples).toHaveLength(2);
    expect(second.errors).toEqual([{ line: 7, message: expect.any(String) }]);
  });

  it('takes times from 2000 to a day after now, and names the lines outside with the range', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const lines = ['1999-12-31T23:59:59Z', '2000-01-01T00:00:00Z', '2026-03-02T11:00:00Z', '2026-03-02T13:00:00Z', '0001-01-01T00:00:00Z'];
    const parsed = parseHistoryCsv(['time,key,value', ...lines.map((t) => `${t},BatSoc,1`)].join('\n'), 1, now);
    expect(parsed.samples.map((s) => new Date(s.ts).toISOString())).toEqual(['2000-01-01T00:00:00.000Z', '2026-03-02T11:00:00.000Z']);
    const range = { code: 'outOfRange', earliest: '2000-01-01T00:00:00.000Z', latest: '2026-03-02T12:00:00.000Z' };
    expect(parsed.errors.map((e) => [e.line, e.problem])).toEqual([
      [2, range],
      [5, range],
      [6, range],
    ]);
  });
});

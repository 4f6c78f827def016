import { parsePriceCsv, PriceCsvError } from './price-csv';

describe('spot price CSV import', () => {
  it('reads a start and an EUR/MWh price per line', () => {
    expect(parsePriceCsv('start,eur_mwh\n2026-06-15T00:00:00+02:00,82.5\n2026-06-15T01:00:00+02:00,-3.1\n')).toEqual([
      { start: Date.parse('2026-06-14T22:00:00Z'), minutes: 60, eurMwh: 82.5 },
      { start: Date.parse('2026-06-14T23:00:00Z'), minutes: 60, eurMwh: -3.1 },
    ]);
  });

  it('reads semicolon files with decimal commas and quarter-hour products', () => {
    expect(parsePriceCsv('Time;Price;Minutes\r\n2026-06-15 10:15Z;101,25;15\r\n')).toEqual([
      { start: Date.parse('2026-06-15T10:15:00Z'), minutes: 15, eurMwh: 101.25 },
    ]);
  });

  it('refuses the whole file and names the line of a time without a zone', () => {
    expect(() => parsePriceCsv('start,price\n2026-06-15T00:00:00Z,80\n2026-06-15T01:00:00,81\n')).toThrow(
      new PriceCsvError(3, '"2026-06-15T01:00:00" is not an ISO-8601 time with a zone (e.g. 2026-06-15T10:00:00+02:00)'),
    );
  });

  it('refuses a price that is not a number, a missing header and an empty file', () => {
    expect(() => parsePriceCsv('start,price\n2026-06-15T00:00:00Z,cheap\n')).toThrow('line 2: "cheap" is not a price');
    expect(() => parsePriceCsv('when,cost\n2026-06-15T00:00:00Z,1\n')).toThrow(/line 1: the header needs/);
    expect(() => parsePriceCsv('start,price\n')).toThrow('line 2: the file holds no prices');
  });
});

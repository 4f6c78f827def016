// Day-ahead prices from a CSV file, as market operators and data vendors export them: a header row
// naming a start column and a price column in EUR/MWh, ',' or ';' separated (with ';' the decimal
// separator may be a comma). A file with any bad line is refused whole, with the line named.

export interface ImportedPrice {
  /** epoch ms */
  start: number;
  minutes: number;
  eurMwh: number;
}

export class PriceCsvError extends Error {
  constructor(line: number, problem: string) {
    super(`line ${line}: ${problem}`);
    this.name = 'PriceCsvError';
  }
}

const START_COLUMNS = ['start', 'starts_at', 'time', 'datetime', 'timestamp'];
const PRICE_COLUMNS = ['eur_mwh', 'price_eur_mwh', 'price', 'eur/mwh'];
const ISO_WITH_ZONE = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/;

export function parsePriceCsv(text: string): ImportedPrice[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0] ?? '';
  const separator = header.includes(';') ? ';' : ',';
  const columns = header.split(separator).map((c) => c.trim().toLowerCase());
  const startAt = columns.findIndex((c) => START_COLUMNS.includes(c));
  const priceAt = columns.findIndex((c) => PRICE_COLUMNS.includes(c));
  const minutesAt = columns.indexOf('minutes');
  if (startAt < 0 || priceAt < 0) {
    throw new PriceCsvError(
      1,
      `the header needs a start column (${START_COLUMNS.join('/')}) and a price column (${PRICE_COLUMNS.join('/')})`,
    );
  }
  const prices: ImportedPrice[] = [];
  lines.slice(1).forEach((line, index) => {
    if (line.trim() === '') return;
    const lineNo = index + 2;
    const cells = line.split(separator).map((c) => c.trim());
    const startText = cells[startAt] ?? '';
    if (!ISO_WITH_ZONE.test(startText))
      throw new PriceCsvError(lineNo, `"${startText}" is not an ISO-8601 time with a zone (e.g. 2026-06-15T10:00:00+02:00)`);
    const rawPrice = cells[priceAt] ?? '';
    const priceText = separator === ';' ? rawPrice.replace(',', '.') : rawPrice;
    const eurMwh = Number(priceText);
    if (priceText === '' || !Number.isFinite(eurMwh)) throw new PriceCsvError(lineNo, `"${rawPrice}" is not a price`);
    const minutes = minutesAt >= 0 ? Number(cells[minutesAt]) : 60;
    if (![15, 30, 60].includes(minutes)) throw new PriceCsvError(lineNo, 'minutes must be 15, 30 or 60');
    prices.push({ start: Date.parse(startText.replace(' ', 'T')), minutes, eurMwh });
  });
  if (prices.length === 0) throw new PriceCsvError(2, 'the file holds no prices');
  return prices;
}

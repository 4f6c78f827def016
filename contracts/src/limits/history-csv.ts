// The history import's CSV: a header naming the columns time, key and value (any order, comma or
// semicolon separated), then one sample a line. Times are ISO 8601 with a zone (Z or ±hh:mm), so a
// file means the same instant wherever it is read; values are plain numbers (a decimal comma is taken
// when the separator is a semicolon). Both the console (preview) and the server (import) parse with it.
// Times must lie between HISTORY_EARLIEST and a day after now: a history is a plant's, and no plant
// reported before then or reports tomorrow (and a file of years 0001 and 9999 must not cost months of
// roll-ups).
import { HISTORY_MAX_LISTED_ERRORS } from './integrations';

/** The earliest time a history import takes: no plant of the field reports from before it. */
export const HISTORY_EARLIEST = Date.parse('2000-01-01T00:00:00Z');
/** A history import takes times up to this long after now (clocks and zones differ). */
export const HISTORY_LATEST_AHEAD_MS = 86_400_000;

export interface HistorySample {
  ts: number;
  key: string;
  value: number;
}

/** A line's problem the console words itself (cs, en), with its parameters. */
export interface HistoryLineProblem {
  code: 'outOfRange';
  /** The accepted range, ISO times. */
  earliest: string;
  latest: string;
}

export interface HistoryLineError {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  message: string;
  problem?: HistoryLineProblem;
}

export interface ParsedHistory {
  samples: HistorySample[];
  errors: HistoryLineError[];
  /** All errors, also those not listed. */
  errorCount: number;
  keys: string[];
  from: number | null;
  to: number | null;
}

export const HISTORY_COLUMNS = ['time', 'key', 'value'] as const;
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
/** A metric key as devices name them. */
export const METRIC_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const NUMBER = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;

const unquote = (cell: string) =>
  cell
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

/** Parses the whole text; `firstLine` numbers lines of a piece cut out of a larger file; `now` bounds the latest time. */
export function parseHistoryCsv(text: string, firstLine = 1, now = Date.now()): ParsedHistory {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const errors: HistoryLineError[] = [];
  let errorCount = 0;
  const fail = (line: number, message: string, problem?: HistoryLineProblem) => {
    errorCount++;
    if (errors.length < HISTORY_MAX_LISTED_ERRORS) errors.push(problem ? { line, message, problem } : { line, message });
  };
  const latest = now + HISTORY_LATEST_AHEAD_MS;
  const range: HistoryLineProblem = {
    code: 'outOfRange',
    earliest: new Date(HISTORY_EARLIEST).toISOString(),
    latest: new Date(latest).toISOString(),
  };
  const empty: ParsedHistory = { samples: [], errors, errorCount: 0, keys: [], from: null, to: null };
  const header = lines[0] ?? '';
  const separator = header.includes(';') ? ';' : ',';
  const names = header.split(separator).map((c) => unquote(c).toLowerCase());
  const at = HISTORY_COLUMNS.map((column) => names.indexOf(column));
  if (at.some((i) => i < 0) || names.length !== HISTORY_COLUMNS.length) {
    fail(firstLine, `The header must name the columns ${HISTORY_COLUMNS.join(', ')} (found: ${names.join(', ') || 'nothing'})`);
    return { ...empty, errorCount };
  }
  const [timeAt, keyAt, valueAt] = at as [number, number, number];
  const samples: HistorySample[] = [];
  const keys = new Set<string>();
  let from = Infinity;
  let to = -Infinity;
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    if (raw.trim() === '') continue;
    const line = firstLine + i;
    const cells = raw.split(separator).map(unquote);
    if (cells.length !== HISTORY_COLUMNS.length) {
      fail(line, `Expected ${HISTORY_COLUMNS.length} columns, found ${cells.length}`);
      continue;
    }
    const time = cells[timeAt] ?? '';
    const ts = ISO_WITH_ZONE.test(time) ? Date.parse(time.replace(' ', 'T')) : NaN;
    if (!Number.isFinite(ts)) {
      fail(line, `"${time.slice(0, 40)}" is not a time with a zone (e.g. 2025-06-01T12:00:00Z)`);
      continue;
    }
    if (ts < HISTORY_EARLIEST || ts > latest) {
      fail(line, `${time} lies outside ${range.earliest} to ${range.latest}`, range);
      continue;
    }
    const key = cells[keyAt] ?? '';
    if (!METRIC_KEY_PATTERN.test(key)) {
      fail(line, `"${key.slice(0, 40)}" is not a metric key`);
      continue;
    }
    const valueText = cells[valueAt] ?? '';
    const value = NUMBER.test(valueText) && (separator === ';' || !valueText.includes(',')) ? Number(valueText.replace(',', '.')) : NaN;
    if (!Number.isFinite(value)) {
      fail(line, `"${valueText.slice(0, 40)}" is not a number`);
      continue;
    }
    samples.push({ ts, key, value });
    keys.add(key);
    from = Math.min(from, ts);
    to = Math.max(to, ts);
  }
  if (samples.length === 0 && errorCount === 0) fail(firstLine, 'The file holds no samples');
  return { samples, errors, errorCount, keys: [...keys].sort(), from: samples.length ? from : null, to: samples.length ? to : null };
}

/** Cuts a file into pieces of `linesPerPiece` sample lines, each with the header, and the file line each begins at. */
export function historyPieces(text: string, linesPerPiece: number): Array<{ text: string; firstLine: number }> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0] ?? '';
  const pieces: Array<{ text: string; firstLine: number }> = [];
  for (let i = 1; i < lines.length; i += linesPerPiece) {
    const body = lines.slice(i, i + linesPerPiece);
    if (body.every((l) => l.trim() === '')) continue;
    // The header sits on the line before the piece, so line numbers match the file's.
    pieces.push({ text: [header, ...body].join('\n'), firstLine: i });
  }
  return pieces;
}

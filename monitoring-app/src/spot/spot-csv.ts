// The day-ahead prices as a CSV file, written as every export writes (shared-utils csv-values).
import { csvFileNameOfDays, csvNumber, plantTimestamp, toCsv, type SpotPrices } from '@helio/shared-utils';

const sourceOf = (day: SpotPrices['days'][number]) => (day.own ? 'uploaded' : day.demo ? 'demo' : 'market');

/** The prices as every export writes (the market's clock with its offset, prices at their precision). */
export function spotCsv(answer: SpotPrices): string {
  const time = (iso: string) => plantTimestamp(Date.parse(iso), answer.timeZone);
  const rows = answer.days.flatMap((day) =>
    day.prices.map((p) => [time(p.start), time(p.end), csvNumber(p.eurMwh, 'EUR/MWh'), csvNumber(p.czkKwh, 'CZK/kWh'), sourceOf(day)]),
  );
  return toCsv(['start', 'end', 'eurMwh', 'czkKwh', 'source'], rows);
}

/** `spot_<area>_<first day>[_<last day>].csv`: the market days with prices. */
export function spotFileName(answer: SpotPrices): string {
  const days = answer.days.filter((d) => d.prices.length > 0).map((d) => d.date);
  const first = days[0] ?? '';
  return csvFileNameOfDays(['spot', answer.area], first, days.at(-1) ?? first);
}

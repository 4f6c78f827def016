// What forecast/accuracy answers: for each of the last days, the forecast the user had when the day
// began (the last one issued in the 24 hours before) against what the plant produced, hour by hour.
import type { Kysely } from 'kysely';
import type { AccuracyDay, ForecastAccuracy } from '@helio/contracts';
import type { Database } from '../db/schema';
import type { PlantRow } from '../plants/access';
import { calendarOf } from '../series/calendar';
import { localDate } from '../spot/spot-store';
import { scoreDay, skillOf } from './model/accuracy';
import { DAY_MS } from './model/series';
import { lastIssuedBetween, readHistory } from './store';

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export async function accuracyView(db: Kysely<Database>, plant: PlantRow, days: number, now = Date.now()): Promise<ForecastAccuracy> {
  const calendar = calendarOf(plant.timezone);
  const peakW = plant.pv_peak_kw * 1000;
  const today = calendar.bucketStart('day', now);
  const starts: number[] = [];
  for (let day = today, i = 0; i < days; i++) starts.push((day = calendar.bucketStart('day', day - 12 * 3_600_000)));
  const oldest = starts[starts.length - 1];
  // One read of the hours, including the day before the oldest (persistence).
  const actual = (await readHistory(db, plant.thing_name, oldest - DAY_MS - 3_600_000, today)).pv;
  const rows: AccuracyDay[] = [];
  let maeSum = 0;
  let persistenceSum = 0;
  let scored = 0;
  for (const dayStart of starts) {
    const dayEnd = calendar.nextBucket('day', dayStart);
    const hours: number[] = [];
    for (let hour = dayStart; hour < dayEnd; hour = calendar.nextBucket('hour', hour)) hours.push(hour);
    const forecast = await lastIssuedBetween(db, plant.id, dayStart - DAY_MS, dayStart);
    const score = forecast ? scoreDay({ slot: forecast.slot, pv: forecast.series.pv }, hours, actual) : undefined;
    if (score) {
      maeSum += score.maeW;
      persistenceSum += score.persistenceMaeW;
      scored++;
    }
    const skill = score ? skillOf(score.maeW, score.persistenceMaeW) : null;
    rows.push({
      date: localDate(plant.timezone, dayStart),
      // A reconstructed forecast is shown at the hour it stands for, not when it was computed.
      issuedAt: forecast ? (forecast.reconstructed ? new Date(forecast.slot).toISOString() : forecast.issuedAt) : null,
      reconstructed: forecast?.reconstructed ?? false,
      forecastKwh: score ? round(score.forecastKwh, 2) : null,
      actualKwh: score ? round(score.actualKwh, 2) : null,
      maeKw: score ? round(score.maeW / 1000, 3) : null,
      nmaePct: score ? round((score.maeW / peakW) * 100, 2) : null,
      persistenceMaeKw: score ? round(score.persistenceMaeW / 1000, 3) : null,
      skill: skill === null ? null : round(skill, 3),
    });
  }
  const skill = scored > 0 ? skillOf(maeSum, persistenceSum) : null;
  return {
    plantId: plant.id,
    peakKw: plant.pv_peak_kw,
    days: rows,
    maeKw: scored > 0 ? round(maeSum / scored / 1000, 3) : null,
    nmaePct: scored > 0 ? round((maeSum / scored / peakW) * 100, 2) : null,
    skill: skill === null ? null : round(skill, 3),
  };
}

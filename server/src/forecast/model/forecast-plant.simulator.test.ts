// On the device simulator's own history, the forecast issued the evening before beats persistence
// (yesterday, hour by hour). The simulator draws each day's weather independently (a per-day cloud
// target, skewed to fair days) and lets the cloud cover drift towards it; its PV is a clear-sky curve
// for a 35° south-facing array times a cloud transmission, with curtailment at the export limit. So
// yesterday says little about tomorrow, and the typical clear-sky index of the hour says more.
import { newPlantRun, plantHistory, type SimPlantConfig } from '@helio/device-simulator';
import { ZoneCalendar } from '../../series/calendar';
import { siteOf } from '../../solar/site-irradiance';
import { scoreDay, skillOf } from './accuracy';
import { forecastPlant } from './forecast-plant';
import { DAY_MS, HOUR_MS, type PlantHistory } from './series';

function simulatedHistory(config: SimPlantConfig, from: number, to: number): PlantHistory {
  const sums = { pv: new Map<number, [number, number]>(), load: new Map<number, [number, number]>() };
  for (const report of plantHistory(newPlantRun(config), from, to)) {
    // A report at ts describes the 5 minutes before it.
    const hour = Math.floor((report.ts - 1) / HOUR_MS) * HOUR_MS;
    for (const [series, key] of [
      ['pv', 'ActPwrPve'],
      ['load', 'ActPwrLoad'],
    ] as const) {
      const value = report.reported[key];
      if (typeof value !== 'number') continue;
      const [sum, count] = sums[series].get(hour) ?? [0, 0];
      sums[series].set(hour, [sum + value, count + 1]);
    }
  }
  const means = (m: Map<number, [number, number]>) => new Map([...m].map(([hour, [sum, count]]) => [hour, sum / count]));
  return { pv: means(sums.pv), load: means(sums.load) };
}

const plants: SimPlantConfig[] = [
  {
    thingName: 'demo-brno-01',
    latitude: 49.2146,
    longitude: 16.5852,
    timezone: 'Europe/Prague',
    pvPeakKw: 9.8,
    batteryKwh: 10,
    chargerKw: 11,
  },
  {
    thingName: 'demo-olomouc-02',
    latitude: 49.5805,
    longitude: 17.2935,
    timezone: 'Europe/Prague',
    pvPeakKw: 49.5,
    batteryKwh: 30,
    chargerKw: null,
  },
];

describe.each([
  ['summer', Date.parse('2026-07-20T00:00:00Z')],
  ['autumn', Date.parse('2026-10-12T00:00:00Z')],
])('day-ahead skill against persistence on simulated %s weeks', (_season, start) => {
  test.each(plants)('$thingName', (config) => {
    const calendar = new ZoneCalendar('Europe/Prague');
    const end = start + 28 * DAY_MS;
    const history = simulatedHistory(config, start, end);
    let maeSum = 0;
    let persistenceSum = 0;
    let days = 0;
    // The last 14 days, each forecast issued in the hour before the day began, from the data before it.
    for (let day = calendar.bucketStart('day', end - 14 * DAY_MS); day < end - DAY_MS; day = calendar.nextBucket('day', day)) {
      const slot = day - HOUR_MS;
      const known = (m: Map<number, number>) => new Map([...m].filter(([hour]) => hour < slot));
      const issued = forecastPlant({
        site: siteOf({ latitude: config.latitude, longitude: config.longitude, tilt_deg: null, azimuth_deg: null }),
        peakW: config.pvPeakKw * 1000,
        clock: calendar,
        history: { pv: known(history.pv), load: known(history.load) },
        slot,
      });
      const hours = Array.from({ length: 24 }, (_, h) => day + h * HOUR_MS);
      const score = scoreDay({ slot, pv: issued.series.pv }, hours, history.pv);
      if (!score) continue;
      maeSum += score.maeW;
      persistenceSum += score.persistenceMaeW;
      days++;
    }
    const skill = skillOf(maeSum, persistenceSum);
    expect(days).toBeGreaterThanOrEqual(12);
    expect(skill).not.toBeNull();
    expect(skill!).toBeGreaterThan(0);
  });
});

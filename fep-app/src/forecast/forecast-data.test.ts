import type { ForecastAccuracy, PlantForecast } from '@helio/contracts';
import { accuracyCsv, accuracyFileName, forecastColumns, forecastCsv, forecastFileName } from './forecast-data';

const point = (time: string, pvW: number, loadW: number): PlantForecast['points'][number] => ({
  time,
  pvW,
  pvP10W: pvW * 0.5,
  pvP90W: pvW * 1.2,
  loadW,
  loadP10W: loadW,
  loadP90W: loadW,
  surplusW: pvW - loadW,
  surplusP10W: pvW * 0.5 - loadW,
  surplusP90W: pvW * 1.2 - loadW,
});

test('the chart columns are seconds and kW, bands beside their line', () => {
  const columns = forecastColumns([point('2026-06-01T10:00:00.000Z', 4000, 500), point('2026-06-01T10:15:00.000Z', 4200, 700)]);
  expect(columns[0]).toEqual([Date.parse('2026-06-01T10:00:00Z') / 1000, Date.parse('2026-06-01T10:15:00Z') / 1000]);
  expect(columns[1]).toEqual([4, 4.2]);
  expect(columns[2]).toEqual([2, 2.1]);
  expect(columns[3]).toEqual([4.8, 5.04]);
  expect(columns[5]).toEqual([3.5, 3.5]);
});

test('the accuracy CSV has a row per day, empty cells for days without a forecast', () => {
  const accuracy: ForecastAccuracy = {
    plantId: 'p',
    peakKw: 10,
    maeKw: 0.3,
    nmaePct: 3,
    skill: 0.2,
    days: [
      {
        date: '2026-06-01',
        issuedAt: '2026-05-31T21:00:00.000Z',
        reconstructed: false,
        forecastKwh: 30,
        actualKwh: 28,
        maeKw: 0.3,
        nmaePct: 3,
        persistenceMaeKw: 0.4,
        skill: 0.25,
      },
      {
        date: '2026-05-31',
        issuedAt: null,
        reconstructed: false,
        forecastKwh: null,
        actualKwh: null,
        maeKw: null,
        nmaePct: null,
        persistenceMaeKw: null,
        skill: null,
      },
    ],
  };
  const lines = accuracyCsv(accuracy, 'Europe/Prague').trim().split('\r\n');
  expect(lines[0]).toBe('date,issuedAt,reconstructed,forecastKwh,actualKwh,maeKw,nmaePct,persistenceMaeKw,skill');
  expect(lines[1]).toBe('2026-06-01,2026-05-31T23:00:00+02:00,no,30,28,0.3,3,0.4,0.25');
  expect(lines[2]).toBe('2026-05-31,,no,,,,,,');
});

test('the accuracy file is named by the days compared', () => {
  const day = (date: string) => ({ date }) as ForecastAccuracy['days'][number];
  const accuracy = { days: [day('2026-06-01'), day('2026-05-26'), day('2026-05-31')] } as ForecastAccuracy;
  expect(accuracyFileName(accuracy, 'demo-brno-01')).toBe('forecast-accuracy_demo-brno-01_2026-05-26_2026-06-01.csv');
});

test('the forecast CSV writes the plant’s clock with its offset and whole watts, the file named by the days it covers', () => {
  const forecast = {
    timeZone: 'Europe/Prague',
    points: [point('2026-06-01T21:45:00.000Z', 0.4, 500.6), point('2026-06-01T22:00:00.000Z', 0, 480)],
  } as PlantForecast;
  const lines = forecastCsv(forecast).trim().split('\r\n');
  expect(lines[1]).toBe('2026-06-01T23:45:00+02:00,0,0,0,501,501,501,-500,-500,-500');
  expect(lines[2]).toBe('2026-06-02T00:00:00+02:00,0,0,0,480,480,480,-480,-480,-480');
  expect(forecastFileName(forecast, 'demo-brno-01')).toBe('forecast_demo-brno-01_2026-06-01_2026-06-02.csv');
});

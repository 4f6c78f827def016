// Forecasting on the real server: /fep for a demo plant shows the next 48 hours with p10–p90 bands,
// which source made the forecast, tomorrow's energy and the accuracy of the past 7 days (the demo's
// day-before forecasts are reconstructed from its simulated history, and say so).
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import type { ForecastAccuracy, PlantForecast } from '@helio/contracts';
import { expect, openSignedIn, test } from './support';

/** The first forecasts are issued once the simulator's history is stored: reload until the chart is there. */
async function openForecast(page: Page): Promise<PlantForecast> {
  let forecast: PlantForecast | undefined;
  await expect(async () => {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/forecast/get') && r.status() === 200);
    await page.goto('/fep');
    forecast = (await (await answer).json()) as PlantForecast;
    expect(forecast.points.length).toBeGreaterThan(0);
  }).toPass({ timeout: 90_000, intervals: [2000] });
  return forecast as PlantForecast;
}

test('/fep shows the next 48 hours with bands, the source, tomorrow and the best hours for a demo plant', async ({ page }) => {
  await openSignedIn(page);
  const forecast = await openForecast(page);
  expect(forecast.points).toHaveLength(192);
  expect(Date.parse(forecast.points[191].time) - Date.parse(forecast.points[0].time)).toBe((48 * 60 - 15) * 60_000);
  for (const p of forecast.points) {
    expect(p.pvP10W).toBeLessThanOrEqual(p.pvW);
    expect(p.pvP90W).toBeGreaterThanOrEqual(p.pvW);
  }
  // The band has width where the sun shines.
  expect(Math.max(...forecast.points.map((p) => p.pvP90W - p.pvP10W))).toBeGreaterThan(100);

  const chart = page.getByTestId('forecast-chart');
  await expect(chart.locator('canvas')).toBeVisible();
  for (const series of ['FVE', 'FVE p10', 'FVE p90', 'Spotřeba', 'Přebytek', 'Přebytek p10', 'Přebytek p90']) {
    await expect(chart.locator('.u-legend .u-label', { hasText: new RegExp(`^${series}$`) })).toHaveCount(1);
  }
  await expect(page.getByTestId('forecast-source')).toContainText('Offline model');
  await expect(page.getByTestId('forecast-source')).toContainText('vydáno');
  await expect(page.getByTestId('tomorrow-pv')).toContainText('kWh');
  await expect(page.getByTestId('best-hours').locator('li').first()).toBeVisible();
});

test('/fep shows the past 7 days against the day-before forecasts, and exports them as CSV', async ({ page }) => {
  await openSignedIn(page);
  const accuracyAnswer = page.waitForResponse((r) => r.url().endsWith('/api/forecast/accuracy') && r.status() === 200);
  await openForecast(page);
  const accuracy = (await (await accuracyAnswer).json()) as ForecastAccuracy;
  expect(accuracy.days).toHaveLength(7);
  const scored = accuracy.days.filter((d) => d.maeKw !== null);
  expect(scored.length).toBeGreaterThanOrEqual(6);

  const table = page.getByTestId('accuracy-table');
  await expect(table.getByTestId('accuracy-row')).toHaveCount(7);
  await expect(table.getByText('rekonstruovaná').first()).toBeVisible();
  await expect(page.getByTestId('accuracy-skill')).toHaveText(/%$/);

  const download = page.waitForEvent('download');
  await page.getByTestId('accuracy-export').click();
  const csv = fs.readFileSync((await (await download).path()) as string, 'utf8');
  const [header, ...lines] = csv.trimEnd().split('\r\n');
  expect(header).toBe('date,issuedAt,reconstructed,forecastKwh,actualKwh,maeKw,nmaePct,persistenceMaeKw,skill');
  expect(lines.map((line) => line.split(',')[0])).toEqual(accuracy.days.map((d) => d.date));
});

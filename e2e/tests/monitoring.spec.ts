// Monitoring pages on the real server: the dashboard's power chart of today, the metric logs (chart,
// table, CSV equal to the API's rows as every export writes them), statistics from the energy counters and the spot prices of the
// embedded default.
import fs from 'node:fs';
import { expect, openSignedIn, test } from './support';

interface SeriesRow {
  time: string;
  metricKey: string;
  avg: number;
  min: number;
  max: number;
  last: number;
  count: number;
  energyKwh: number | null;
}

test('the logs list the plant’s metrics and a metric’s page draws a chart whose CSV equals the API’s rows', async ({ page }) => {
  await openSignedIn(page, '/logs');
  const pvRow = page.getByTestId('logs-row-ActPwrPve');
  await expect(pvRow).toContainText('W');
  await expect(page.getByTestId('logs-row-EnergyPveTotal')).toContainText('kWh');

  const seriesAnswer = page.waitForResponse((r) => r.url().endsWith('/api/metric/time-series') && r.status() === 200);
  await pvRow.getByRole('link').click();
  await expect(page).toHaveURL(/\/logs\/ActPwrPve$/);
  const rows = ((await (await seriesAnswer).json()) as { rows: SeriesRow[] }).rows;
  expect(rows.length).toBeGreaterThan(0);
  await expect(page.getByTestId('metric-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('series-table').locator('tbody tr')).toHaveCount(rows.length);

  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const csv = fs.readFileSync((await (await download).path()) as string, 'utf8');
  const [header, ...lines] = csv.trimEnd().split('\r\n');
  expect(header).toBe('time,metricKey,avg,min,max,last,count,energyKwh');
  // the API's rows as every export writes them: the plant's clock with its offset, watts whole, kWh to the watt-hour
  expect(lines.map((line) => line.split(','))).toEqual(
    rows.map((r) => [
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00$/),
      r.metricKey,
      String(Math.round(r.avg)),
      String(Math.round(r.min)),
      String(Math.round(r.max)),
      String(Math.round(r.last)),
      String(r.count),
      r.energyKwh === null ? '' : String(Math.round(r.energyKwh * 1000) / 1000),
    ]),
  );
  expect(lines.map((line) => Date.parse(line.split(',')[0] as string))).toEqual(rows.map((r) => Date.parse(r.time)));
});

test('statistics show today’s energy balance of the plant as bars and totals', async ({ page }) => {
  await openSignedIn(page, '/statistics');
  await expect(page.getByTestId('energy-bars').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('total-produced')).toContainText('kWh');
  await expect(page.getByTestId('period-next')).toBeDisabled();
  await page.getByTestId('period-month').click();
  await expect(page.getByTestId('statistics-table').locator('tbody tr').first()).toBeVisible();
});

test('spot prices show today and tomorrow, labelled as demo data, with cheap and dear hours', async ({ page }) => {
  await openSignedIn(page, '/spot');
  await expect(page.getByTestId('spot-demo')).toBeVisible();
  await expect(page.getByTestId('price-chart').locator('canvas')).toBeVisible();
  const today = page.locator('[data-testid^="spot-day-"]').first();
  await expect(today.getByTestId('spot-row').first()).toBeVisible();
  expect([23, 24, 25]).toContain(await today.getByTestId('spot-row').count()); // a clock-change day has 23 or 25 hours
  await expect(today.locator('[data-mark="cheapest"]')).toHaveCount(3);
  await expect(today.locator('[data-mark="dearest"]')).toHaveCount(3);
});

test('services show the plant’s gateway online with a live data delay and the connected broker', async ({ page }) => {
  await openSignedIn(page, '/services');
  await expect(page.getByTestId('gateway-status')).toHaveText(/Online/);
  await expect(page.getByTestId('data-delay-level')).toHaveText(/Živě|Live/);
  await expect(page.getByTestId('broker-status')).toHaveText(/Připojeno|Connected/);
});

test("the dashboard draws today's power from the plant's midnight, and its CSV equals the API's rows", async ({ page }) => {
  const seriesAnswer = page.waitForResponse((r) => r.url().endsWith('/api/metric/time-series') && r.status() === 200);
  await openSignedIn(page);
  const answer = await seriesAnswer;
  const { pgParams } = answer.request().postDataJSON() as { pgParams: { metricKeys: string[]; startTime: string; granularity: string } };
  expect(pgParams.metricKeys).toEqual(['ActPwrPve', 'ActPwrLoad', 'ActPwrGrid', 'ActPwrBat']);
  expect(pgParams.granularity).toBe('15m');
  const midnight = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  expect(midnight.format(new Date(pgParams.startTime))).toBe('00:00');
  const rows = ((await answer.json()) as { rows: SeriesRow[] }).rows;
  expect(rows.length).toBeGreaterThan(0);
  await expect(page.getByTestId('today-power-chart').locator('canvas')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByTestId('today-power-export').click();
  const csv = fs.readFileSync((await (await download).path()) as string, 'utf8');
  const [, ...lines] = csv.trimEnd().split('\r\n');
  expect(lines.map((line) => line.split(',').slice(0, 3))).toEqual(
    rows.map((r) => [expect.stringMatching(/\+0[12]:00$/), r.metricKey, String(Math.round(r.avg))]),
  );
  expect(lines.map((line) => Date.parse(line.split(',')[0] as string))).toEqual(rows.map((r) => Date.parse(r.time)));
});

test('the statistics CSV is named by the plant’s day, with offset times and energies to the watt-hour', async ({ page }) => {
  await openSignedIn(page, '/statistics');
  await expect(page.getByTestId('energy-bars').locator('canvas')).toBeVisible();
  // The demo plants are in Prague: today's file carries Prague's date, whatever UTC's is.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(new Date());
  const download = page.waitForEvent('download');
  await page.getByTestId('statistics-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^demo-[a-z0-9-]+_day_${today}\\.csv$`));
  const [header, ...lines] = fs
    .readFileSync((await file.path()) as string, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(header.split(',')[0]).toBe('time');
  expect(lines.length).toBeGreaterThan(0);
  for (const [time, ...values] of lines.map((line) => line.split(','))) {
    expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00$/);
    for (const value of values) expect(value).toMatch(/^-?\d+(\.\d{1,3})?$|^$/);
  }
});

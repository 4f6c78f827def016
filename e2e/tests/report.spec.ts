// The monthly plant report: last month of a new plant imported as a history file, the report
// downloaded from /analytics, read back with pdf-parse, its production and export equal to what
// analytics/benchmark answers for the plant and month;
// and the subscription switched on (with one plant) on /my-account/notifications, kept by the server.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { adminToken } from './accounts';
import { expect, openSignedIn, test } from './support';

test.use({ timezoneId: 'Europe/Prague' });

const lastMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1)).toISOString().slice(0, 7);
};
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f\t ]+/g, ' ');

async function api<T>(request: APIRequestContext, path: string, body: unknown, token: string): Promise<T> {
  const response = await request.post(`/api/${path}`, { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** Energy counters of every day of `month` (Prague), as a gateway's history file would bring them: kWh at 07:00 and 19:00. */
function monthOfCounters(month: string): { csv: string; produced: number } {
  const lines = ['time,key,value'];
  const [year, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const counters = { EnergyPveTotal: 1000, EnergyLoadTotal: 500, EnergyGridImportTotal: 100, EnergyGridExportTotal: 200 };
  let produced = 0;
  for (let d = 1; d <= days; d++) {
    // 05:00 and 17:00 UTC lie within the Prague day in summer and winter time alike
    for (const [hour, share] of [
      [5, 0],
      [17, 1],
    ] as const) {
      const at = new Date(Date.UTC(year, m - 1, d, hour)).toISOString();
      if (share === 1) {
        const pv = 10 + (d % 7);
        produced += pv;
        counters.EnergyPveTotal += pv;
        counters.EnergyLoadTotal += 8;
        counters.EnergyGridImportTotal += 3;
        counters.EnergyGridExportTotal += pv - 5;
      }
      for (const [key, value] of Object.entries(counters)) lines.push(`${at},${key},${value}`);
    }
  }
  return { csv: lines.join('\n'), produced };
}

test('the report of last month downloads from /analytics with the console’s figures, and the mail subscription is kept', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const month = lastMonth();
  // A plant of its own with last month imported (the demo plants' simulated history is two weeks).
  const { plant } = await api<{ plant: { id: string; name: string } }>(
    request,
    'plant/create',
    {
      name: `Zpráva ${Date.now().toString(36)}`,
      location: 'Brno',
      latitude: 49.2,
      longitude: 16.6,
      timezone: 'Europe/Prague',
      pvPeakKw: 10,
    },
    token,
  );
  const history = monthOfCounters(month);
  await api(request, 'integration/history/import', { plantId: plant.id, csv: history.csv }, token);
  const period = { kind: 'month', from: `${month}-01` };
  const figuresOf = async () => {
    const benchmark = await api<{ plants: Array<{ id: string; produced: number; exported: number }> }>(
      request,
      'analytics/benchmark',
      { period, metric: 'specificYield' },
      token,
    );
    return benchmark.plants.find((p) => p.id === plant.id);
  };
  // The import's day roll-ups are rebuilt after its answer.
  await expect.poll(async () => (await figuresOf())?.produced, { timeout: 60_000 }).toBeCloseTo(history.produced, 6);
  const figures = (await figuresOf()) as { produced: number; exported: number };

  await openSignedIn(page, '/analytics');
  await page.getByTestId('report-month').selectOption(month);
  await page.getByTestId('report-plant').selectOption(plant.id);
  const download = page.waitForEvent('download');
  await page.getByTestId('report-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^helio-report-${month}-zprava-[a-z0-9-]+\\.pdf$`));
  const pdf = await readFile((await file.path()) as string);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const text = plainSpaces((await parser.getText()).text);
  await parser.destroy();

  const kwh = (locale: string, value: number) =>
    `${new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)} kWh`;
  expect(text).toContain(plainSpaces(plant.name));
  // The admin reads Czech or English, as their profile says.
  const either = (cs: string, en: string, value: number) =>
    [plainSpaces(`${cs} ${kwh('cs-CZ', value)}`), `${en} ${kwh('en-US', value)}`].some((line) => text.includes(line));
  expect(either('Výroba', 'Production', figures.produced)).toBe(true);
  expect(either('Dodávka do sítě', 'Export to the grid', figures.exported)).toBe(true);

  // The subscription: the switch, then one plant, by keyboard; the server keeps both, a reload shows them.
  await page.goto('/my-account/notifications');
  const card = page.getByTestId('report-subscription');
  const toggle = card.getByLabel(/Měsíční zpráva e-mailem|Monthly report by mail/);
  await expect(toggle).not.toBeChecked();
  await toggle.press('Space');
  await expect(toggle).toBeChecked();
  await card.getByLabel(plant.name).press('Space');
  await expect
    .poll(async () => (await request.post('/api/reports/subscription/get', { data: {}, headers })).json())
    .toEqual({ enabled: true, plantIds: [plant.id], tagIds: [] });
  await page.reload();
  await expect(page.getByTestId('report-subscription').getByLabel(/Měsíční zpráva e-mailem|Monthly report by mail/)).toBeChecked();
  await expect(page.getByTestId('report-subscription').getByLabel(plant.name)).toBeChecked();

  // Left as found, for the other journeys on this server.
  await api(request, 'reports/subscription/save', { enabled: false, plantIds: [], tagIds: [] }, token);
});

// The monthly plant report: downloaded from /analytics for last month and a demo plant, read back
// with pdf-parse, its production equal to what analytics/benchmark answers for the plant and month;
// and the subscription switched on (with one plant) on /my-account/notifications, kept by the server.
import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { adminToken } from './accounts';
import { expect, signIn, test } from './support';

test.use({ timezoneId: 'Europe/Prague' });

const lastMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1)).toISOString().slice(0, 7);
};
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f\t ]+/g, ' ');

test('the report of last month downloads from /analytics with the console’s figures, and the mail subscription is kept', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const info = await (await request.post('/api/users/info', { data: {}, headers })).json();
  const plants: Array<{ id: string; name: string }> = await (await request.post('/api/plant/list', { data: { id: info.tenant.id }, headers })).json();
  const plant = plants[0] as { id: string; name: string };

  await signIn(page);
  await page.goto('/analytics');
  const month = lastMonth();
  await page.getByTestId('report-month').selectOption(month);
  await page.getByTestId('report-plant').selectOption(plant.id);
  const download = page.waitForEvent('download');
  await page.getByTestId('report-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^helio-report-${month}-[a-z0-9-]+\\.pdf$`));
  const pdf = await readFile((await file.path()) as string);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const text = plainSpaces((await parser.getText()).text);
  await parser.destroy();

  const period = { kind: 'month', from: `${month}-01` };
  const benchmark = await (await request.post('/api/analytics/benchmark', { data: { period, metric: 'specificYield' }, headers })).json();
  const figures = benchmark.plants.find((p: { id: string }) => p.id === plant.id) as { produced: number; exported: number };
  const kwh = (value: number) =>
    `${new Intl.NumberFormat('cs-CZ', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)} kWh`;
  const english = (value: number) =>
    `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)} kWh`;
  expect(text).toContain(plainSpaces(plant.name));
  // The admin reads Czech or English, as their profile says.
  expect([plainSpaces(`Výroba ${kwh(figures.produced)}`), `Production ${english(figures.produced)}`].some((line) => text.includes(line))).toBe(true);
  expect(
    [plainSpaces(`Dodávka do sítě ${kwh(figures.exported)}`), `Export to the grid ${english(figures.exported)}`].some((line) => text.includes(line)),
  ).toBe(true);

  // The subscription: the switch, then one plant; the server keeps both, a reload shows them.
  await page.goto('/my-account/notifications');
  const card = page.getByTestId('report-subscription');
  const toggle = card.getByLabel(/Měsíční zpráva e-mailem|Monthly report by mail/);
  await expect(toggle).not.toBeChecked();
  await toggle.press('Space'); // by keyboard
  await expect(toggle).toBeChecked();
  await card.getByLabel(plant.name).check();
  await expect
    .poll(async () => (await request.post('/api/reports/subscription/get', { data: {}, headers })).json())
    .toEqual({ enabled: true, plantIds: [plant.id], tagIds: [] });
  await page.reload();
  await expect(page.getByTestId('report-subscription').getByLabel(/Měsíční zpráva e-mailem|Monthly report by mail/)).toBeChecked();
  await expect(page.getByTestId('report-subscription').getByLabel(plant.name)).toBeChecked();

  // Left as found, for the other journeys on this server.
  await request.post('/api/reports/subscription/save', { data: { enabled: false, plantIds: [], tagIds: [] }, headers });
});

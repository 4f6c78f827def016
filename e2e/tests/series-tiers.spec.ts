// The time series' retention tiers on /services: the demo admin (of the organisation that runs the
// console) sees each tier's size and age, sets a tier's age and is told before saving when a coarser
// tier would be kept shorter than a finer one; another organisation's admin does not see the tiers.
import { expect, openSignedIn, OTHER, test } from './support';

test('the admin sets a retention tier’s age on /services and sees each tier’s size', async ({ page }) => {
  await openSignedIn(page, '/services');
  const tiers = page.getByTestId('series-tiers');
  await expect(tiers).toBeVisible();
  // the retention run measures the tiers when the server starts
  await expect(page.getByTestId('tier-rows-raw')).toHaveText(/^\d[\d\s\u00a0,.]*$/);
  await expect(page.getByTestId('tier-bytes-raw')).toHaveText(/MB/);
  await expect(page.getByTestId('tier-1h')).toContainText(/Hourly buckets|Hodinové intervaly/);

  const quarter = page.getByTestId('tier-15m');
  const days = page.getByTestId('tier-days-15m');
  await days.fill('400');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/series/tiers/set') && r.status() === 200);
  await quarter.getByRole('button').click();
  await saved;
  await expect(quarter).toContainText(/Server default: 90 days|Výchozí hodnota serveru: 90 dní/);
  await expect(days).toHaveValue('400');

  // a coarser tier shorter than a finer one is refused before it is asked for
  await page.getByTestId('tier-days-1m').fill('500');
  await expect(page.getByTestId('tier-1m').getByRole('alert')).toHaveText(/15-minute buckets cannot|Čtvrthodinové intervaly nelze/);
  await expect(page.getByTestId('tier-1m').getByRole('button')).toBeDisabled();

  // back to the default, so a rerun on this server starts where this one did
  await days.fill('90');
  const reset = page.waitForResponse((r) => r.url().endsWith('/api/series/tiers/set') && r.status() === 200);
  await quarter.getByRole('button').click();
  await reset;
  await expect(quarter).not.toContainText(/Server default|Výchozí hodnota/);
});

test('another organisation’s admin does not see the server’s retention tiers', async ({ page }) => {
  const tiers = page.waitForResponse((r) => r.url().endsWith('/api/series/tiers'));
  await openSignedIn(page, '/services', OTHER);
  expect((await tiers).status()).toBe(403);
  await expect(page.getByTestId('series-tiers')).toHaveCount(0);
});

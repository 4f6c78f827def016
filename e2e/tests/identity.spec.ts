import path from 'node:path';
import Database from 'better-sqlite3';
import { createActiveUser } from './accounts';
import { expect, signIn, test } from './support';

/** The mailed reset code, read from the server's outbox (mail is not sent anywhere in this run). */
function lastCodeMailedTo(email: string): string {
  const db = new Database(path.join(process.env.HELIO_E2E_DATA as string, 'helio.db'), { readonly: true });
  try {
    const row = db.prepare('select text from outbox where "to" = ? order by created_at desc limit 1').get(email) as
      { text: string } | undefined;
    const code = row && /\b(\d{6})\b/.exec(row.text)?.[1];
    if (!code) throw new Error(`no reset code mailed to ${email}`);
    return code;
  } finally {
    db.close();
  }
}

test('a wrong password is refused with a message and the user stays on sign-in', async ({ page }) => {
  await page.goto('/auth/sign-in');
  await page.getByLabel(/e-mail/i).fill('admin@helio.local');
  await page
    .getByLabel(/heslo|password/i)
    .first()
    .fill('not-the-password');
  await page.getByTestId('sign-in-submit').click();
  await expect(page.getByTestId('sign-in-error')).toContainText(/nesprávné|incorrect/i);
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
});

test('a forgotten password is reset with the code mailed to the user', async ({ page, request }) => {
  // A user of its own: the demo accounts keep the passwords the README prints for the other journeys.
  const { email } = await createActiveUser(request, { prefix: 'forgot' });
  const newPassword = 'Sluneční-elektrárna-2026';
  await page.goto('/auth/sign-in');
  await page.getByTestId('forgot-password-link').click();
  await expect(page).toHaveURL(/\/auth\/forgot-password/);
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByTestId('forgot-password-submit').click();
  await expect(page.getByTestId('forgot-password-sent')).toBeVisible();
  await page.getByTestId('forgot-password-continue').click();
  await expect(page).toHaveURL(/\/auth\/set-new-password/);

  await expect
    .poll(() => {
      try {
        return lastCodeMailedTo(email);
      } catch {
        return '';
      }
    })
    .toMatch(/^\d{6}$/);
  // the e-mail carries over from the forgot-password form
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(email);
  await page.getByLabel(/kód|code/i).fill(lastCodeMailedTo(email));
  await page.getByRole('textbox', { name: 'Nové heslo', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Nové heslo znovu', exact: true }).fill(newPassword);
  await page.getByTestId('set-new-password-submit').click();
  await expect(page.getByTestId('set-new-password-done')).toBeVisible();

  await signIn(page, { email, password: newPassword });
  await expect(page.getByTestId('tile-pv')).toBeVisible();
});

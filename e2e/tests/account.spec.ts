// Account and identity-and-access journeys: an invitation through to the first sign-in, an invitation of
// an address another organisation's user has (shown like any; its owner is told), changing the
// password, signing out another session, inviting and deleting a user, and a restricted user meeting
// the no-access pages.
import type { Browser, Page } from '@playwright/test';
import { createActiveUser, goInApp, signInAs, uniqueEmail } from './accounts';
import { lastMailTextTo, mailSubjectsTo, temporaryPasswordMailedTo } from './outbox';
import { expect, openSignedIn, OTHER, test } from './support';

const NEW_PASSWORD = 'Sluneční-elektrárna-2026';

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

const userRow = (page: Page, email: string) => page.locator(`[data-testid="user-row"][data-email="${email}"]`);

async function invite(page: Page, email: string, { role }: { role?: string } = {}): Promise<void> {
  await page.goto('/my-account/iam/users');
  await page.getByTestId('users-invite').click();
  const form = page.getByTestId('invite-form');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Jméno', { exact: true }).fill('Pavla');
  await form.getByLabel('Příjmení').fill('Pozvaná');
  if (role) await form.getByTestId('invite-role').selectOption(role);
  await form.getByTestId('invite-submit').click();
  await expect(page.getByText(`Pozvánka odeslána na ${email}.`)).toBeVisible();
  await expect(userRow(page, email).getByTestId('user-status')).toHaveText('Pozvaný');
}

test('an invited user signs in with the mailed temporary password and chooses their own', async ({ page, browser }) => {
  const email = uniqueEmail('pozvana');
  await openSignedIn(page);
  await invite(page, email, { role: 'operator' });
  await expect(userRow(page, email)).toContainText('Operátor');

  const invitee = await newPage(browser);
  await invitee.goto('/auth/sign-in');
  await invitee.getByLabel(/e-mail/i).fill(email);
  await invitee
    .getByLabel(/heslo|password/i)
    .first()
    .fill(temporaryPasswordMailedTo(email));
  await invitee.keyboard.press('Enter');
  await expect(invitee).toHaveURL(/\/auth\/set-new-password/);
  await invitee.getByRole('textbox', { name: 'Nové heslo', exact: true }).fill(NEW_PASSWORD);
  await invitee.getByRole('textbox', { name: 'Nové heslo znovu', exact: true }).fill(NEW_PASSWORD);
  await invitee.getByTestId('set-new-password-submit').click();
  await expect(invitee).toHaveURL(/\/$/);
  // Invited to the organisation, not yet to a plant: the dashboard says so (plant access is its own step).
  await expect(invitee.getByTestId('dashboard-no-plant')).toBeVisible();
  await invitee.context().close();

  await page.reload();
  await expect(userRow(page, email).getByTestId('user-status')).toHaveText('Aktivní');
});

test('inviting an address of another organisation looks like any invitation; its owner is told and keeps their account', async ({
  page,
  browser,
  request,
}) => {
  const elsewhere = await createActiveUser(request, { prefix: 'jinde', inviter: OTHER });
  const before = mailSubjectsTo(elsewhere.email).length;
  await openSignedIn(page);
  await invite(page, elsewhere.email); // "invitation sent", listed as invited: as for anyone
  expect(mailSubjectsTo(elsewhere.email)).toHaveLength(before + 1);
  expect(mailSubjectsTo(elsewhere.email).at(-1)).toBe('Pozvánka do Helio EMS (Helio Demo)');
  const mail = lastMailTextTo(elsewhere.email) ?? '';
  expect(mail).toContain('organizace Helio Demo vás pozvala do Helio EMS');
  expect(mail).toContain('požádejte ji o pozvánku na jinou e-mailovou adresu');
  expect(mail).not.toContain('Dočasné heslo');

  // The owner still signs in to their own organisation with their own password.
  const owner = await newPage(browser);
  await signInAs(owner, elsewhere);
  await expect(owner.getByTestId('dashboard-no-plant').or(owner.getByTestId('tile-pv'))).toBeVisible();
  await owner.context().close();
});

test('a user changes their password on the security page and signs in with the new one', async ({ page, request }) => {
  const user = await createActiveUser(request, { prefix: 'heslo' });
  await openSignedIn(page, '/my-account/security', user);
  await page.getByLabel('Současné heslo').fill(user.password);
  const next = page.getByLabel('Nové heslo', { exact: true });
  await next.fill('kratke');
  await expect(page.locator('[data-rule="minLength"]')).toHaveAttribute('data-met', 'false');
  await next.fill(NEW_PASSWORD);
  await expect(page.locator('[data-testid="password-rules"] [data-met="false"]')).toHaveCount(0);
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByText('Heslo změněno. Ostatní přihlášení byla odhlášena.')).toBeVisible();

  await page.goto('/auth/sign-out');
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await page.getByLabel(/e-mail/i).fill(user.email);
  await page
    .getByLabel(/heslo|password/i)
    .first()
    .fill(user.password);
  await page.getByTestId('sign-in-submit').click();
  await expect(page.getByTestId('sign-in-error')).toContainText(/nesprávné/i);
  await signInAs(page, { email: user.email, password: NEW_PASSWORD });
  await expect(page.getByTestId('tile-pv')).toBeVisible();
});

test('signing out another session from security ends it at its next call', async ({ page, browser, request }) => {
  const user = await createActiveUser(request, { prefix: 'relace' });
  await openSignedIn(page, '/', user);
  const elsewhere = await newPage(browser);
  await openSignedIn(elsewhere, '/', user);
  await expect(elsewhere.getByTestId('tile-pv')).toBeVisible();

  await page.goto('/my-account/security');
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(page.locator('[data-testid="session-row"][data-current="true"]')).toContainText('toto zařízení');
  await page.locator('[data-testid="session-row"][data-current="false"]').getByTestId('session-revoke').click();
  await expect(rows).toHaveCount(1);

  // The other browser still holds an unexpired ID token; its next call is refused and signs it out.
  await goInApp(elsewhere, '/my-account/security');
  await expect(elsewhere).toHaveURL(/\/auth\/sign-in/);
  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/auth\/sign-in/);
  await elsewhere.context().close();

  await page.reload();
  await expect(rows).toHaveCount(1);
});

test('an admin invites a user and deletes them after confirming; the audit log shows both', async ({ page }) => {
  const email = uniqueEmail('smazat');
  await openSignedIn(page);
  await invite(page, email);
  await userRow(page, email).getByTestId('user-delete').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(email);
  await page.getByTestId('confirm-submit').click();
  await expect(page.getByText('Uživatel Pavla Pozvaná smazán.')).toBeVisible();
  await expect(userRow(page, email)).toHaveCount(0);

  await page.getByRole('tab', { name: 'Auditní záznam' }).click();
  await expect(page).toHaveURL(/\/my-account\/iam\/audit$/);
  await page.getByLabel('Druh události').selectOption('iam');
  const events = page.locator('[data-testid="audit-row"]', { hasText: email });
  await expect(events.and(page.locator('[data-action="iam.user_deleted"]'))).toContainText('admin@helio.local');
  await expect(events.and(page.locator('[data-action="iam.user_invited"]'))).toHaveCount(1);
});

test('a restricted user meets the no-access pages: IAM, and a module taken away by an admin', async ({ page, browser, request }) => {
  const viewer = await createActiveUser(request, { prefix: 'omezeny', role: 'viewer', modules: ['monitoring', 'notifications'] });
  await openSignedIn(page, '/', viewer);
  await expect(page.getByTestId('tile-pv')).toBeVisible();

  await page.goto('/my-account/iam/users');
  await expect(page.getByTestId('iam-no-access')).toContainText('Nemáte přístup ke správě identit a přístupů');
  await page.goto('/my-account');
  await expect(page.getByTestId('settings-users')).toHaveAttribute('aria-disabled', 'true');
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Upozornění', exact: true })).toBeVisible();
  await expect(page.getByTestId('module-no-access')).toHaveCount(0);

  const admin = await newPage(browser);
  await openSignedIn(admin, '/my-account/iam/users');
  await userRow(admin, viewer.email).getByTestId('user-edit-access').click();
  const notifications = admin.getByTestId('module-checks').getByLabel('Upozornění');
  await expect(notifications).toBeChecked();
  await admin.getByTestId('module-checks').getByText('Upozornění', { exact: true }).click(); // the label, as a person clicks it
  await expect(notifications).not.toBeChecked();
  await admin.getByTestId('access-save').click();
  await expect(admin.getByText(`Přístup uživatele Test omezeny uložen.`)).toBeVisible();
  await expect(userRow(admin, viewer.email)).not.toContainText('Upozornění');
  await admin.context().close();

  await page.reload();
  await expect(page.getByTestId('module-no-access')).toContainText('Nemáte přístup k modulu Upozornění');
  await page.goto('/');
  await expect(page.getByTestId('tile-pv')).toBeVisible();
});

// Test users for the account journeys, made through the real API the way an admin's invitation and
// the invitee's first sign-in make them, so each journey starts from an account of its own.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { temporaryPasswordMailedTo } from './outbox';
import { ADMIN } from './support';

export interface TestUser {
  email: string;
  password: string;
  name: string;
  family_name: string;
}

let serial = 0;
/** A unique address per call, so journeys never collide (also across reruns on one data dir). */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++serial}@helio.local`;

async function post<T>(request: APIRequestContext, path: string, body: unknown, token?: string): Promise<T> {
  const response = await request.post(`/api/${path}`, { data: body, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

export async function adminToken(request: APIRequestContext, admin: { email: string; password: string } = ADMIN): Promise<string> {
  return (await post<{ idToken: string }>(request, 'auth/sign-in', { username: admin.email, password: admin.password })).idToken;
}

/**
 * Invites a user as the demo admin (or `inviter`, an administrator of another organisation) and
 * completes their first sign-in with `password`. An operator or viewer sees the plants they are given:
 * every plant of the organisation (`plants: 'all'`, as the demo accounts) or none.
 */
export async function createActiveUser(
  request: APIRequestContext,
  {
    prefix,
    role = 'viewer',
    modules = ['monitoring', 'notifications'],
    plants = 'all',
    inviter = ADMIN,
  }: {
    prefix: string;
    role?: string;
    modules?: string[];
    /** every plant of the inviter's organisation, none, or these plant ids */
    plants?: 'all' | 'none' | string[];
    inviter?: { email: string; password: string };
  },
): Promise<TestUser & { id: string }> {
  const user = { email: uniqueEmail(prefix), password: 'Fotovoltaika-Líšeň-2026', name: 'Test', family_name: prefix };
  const admin = await adminToken(request, inviter);
  const invited = await post<{ id: string; role: { id: string } }>(
    request,
    'iam/users/invite',
    { email: user.email, name: user.name, family_name: user.family_name, role, modules, locale: 'cs' },
    admin,
  );
  if (plants !== 'none' && (role === 'operator' || role === 'viewer')) {
    const tenant = (await post<{ tenant: { id: string } }>(request, 'users/info', {}, admin)).tenant.id;
    const ids =
      plants === 'all' ? (await post<Array<{ id: string }>>(request, 'plant/list', { id: tenant }, admin)).map((p) => p.id) : plants;
    for (const id of ids) await post(request, 'plant/access/update', { id, userId: invited.id, role }, admin);
  }
  const challenge = await post<{ session: string }>(request, 'auth/sign-in', {
    username: user.email,
    password: temporaryPasswordMailedTo(user.email),
  });
  await post(request, 'auth/complete-new-password', { session: challenge.session, newPassword: user.password });
  // That sign-in was only the set-up: end its session so the journeys see just their own browsers.
  await post(request, 'auth/sign-out', {});
  return { ...user, id: invited.id };
}

/** Signs in through the sign-in page and waits for the dashboard (or the page the shell returns to). */
export async function signInAs(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/auth/sign-in');
  await page.getByLabel(/e-mail/i).fill(user.email);
  await page
    .getByLabel(/heslo|password/i)
    .first()
    .fill(user.password);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/auth\//);
}

/**
 * Moves inside the single-spa shell without a reload, as a link click does, and waits until single-spa
 * has mounted what the new URL shows (its routing event; at most 10 s, then the caller's own waits judge).
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(
    (url) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 10_000);
        window.addEventListener(
          'single-spa:routing-event',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
        window.history.pushState(null, '', url);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }),
    path,
  );
}

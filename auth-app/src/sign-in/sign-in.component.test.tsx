import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { navigateToUrl } from 'single-spa';
import { ApiError, RETURN_TO_KEY } from '@helio/shared-utils';
import { __fixtures, __setSession, apiPost, restoreSession, startSignedInSession } from '@helio/shared-utils/mock';
import { answerApi, bodiesSentTo } from '../testing/answer-api';
import { renderAt } from '../testing/render-at';
import { dropChallenge } from '../set-new-password/challenge-store';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
const navigate = navigateToUrl as jest.Mock;

/** Fills the form and submits; the act lets the (mock) sign-in settle before the assertions. */
async function fillAndSubmit(email: string, password: string) {
  const emailInput = await screen.findByLabelText('E-mail');
  await act(async () => {
    fireEvent.change(emailInput, { target: { value: email } });
    fireEvent.change(screen.getByLabelText('Heslo'), { target: { value: password } });
    fireEvent.click(screen.getByRole('button', { name: 'Přihlásit se' }));
  });
}

beforeEach(() => {
  navigate.mockReset();
  sessionStorage.clear();
  dropChallenge();
  restoreSession.mockClear();
  startSignedInSession.mockClear();
});

describe('sign-in page', () => {
  it('shows the product name, the translated form and the illustration', async () => {
    renderAt('/auth/sign-in');
    expect(await screen.findByRole('heading', { name: 'Přihlášení' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Helio EMS' })).toBeTruthy();
    expect(screen.getByLabelText('E-mail')).toHaveProperty('type', 'email');
    expect(screen.getByLabelText('Heslo')).toHaveProperty('type', 'password');
    expect(screen.getByRole('button', { name: 'Přihlásit se' })).toBeTruthy();
    expect(screen.getByTestId('auth-visual')).toBeTruthy();
  });

  it('is also at /auth', async () => {
    renderAt('/auth');
    expect(await screen.findByRole('heading', { name: 'Přihlášení' })).toBeTruthy();
  });

  it('switches to English with the language switch', async () => {
    renderAt('/auth/sign-in');
    fireEvent.click(await screen.findByRole('radio', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
  });

  it('asks for the missing fields on an empty submit and does not sign in', async () => {
    renderAt('/auth/sign-in');
    fireEvent.click(await screen.findByRole('button', { name: 'Přihlásit se' }));
    expect(screen.getByText('Zadejte e-mail.')).toBeTruthy();
    expect(screen.getByText('Zadejte heslo.')).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
    expect(apiPost).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'admin@helio.local' } });
    expect(screen.queryByText('Zadejte e-mail.')).toBeNull();
    expect(screen.getByText('Zadejte heslo.')).toBeTruthy();
  });

  it('rejects an e-mail address without a domain', async () => {
    renderAt('/auth/sign-in');
    await fillAndSubmit('admin', 'secret');
    expect(screen.getByText('Zadejte platnou e-mailovou adresu.')).toBeTruthy();
    expect(apiPost).not.toHaveBeenCalled();
  });

  it('says "Incorrect username or password" for wrong credentials (401)', async () => {
    apiPost.mockRejectedValueOnce(new ApiError(401, 'NotAuthorized', 'Incorrect username or password'));
    renderAt('/auth/sign-in');
    await fillAndSubmit('admin@helio.local', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toContain('Nesprávné uživatelské jméno nebo heslo.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('explains a disabled account (403 UserDisabled)', async () => {
    apiPost.mockRejectedValueOnce(new ApiError(403, 'UserDisabled', 'User is disabled'));
    renderAt('/auth/sign-in');
    await fillAndSubmit('viewer@helio.local', 'secret');
    expect((await screen.findByRole('alert')).textContent).toContain('Tento účet je zablokovaný.');
  });

  it('says the server cannot be reached when the network fails', async () => {
    apiPost.mockRejectedValueOnce(new ApiError(0, 'NetworkError', 'The server cannot be reached'));
    renderAt('/auth/sign-in');
    await fillAndSubmit('admin@helio.local', 'secret');
    expect((await screen.findByRole('alert')).textContent).toContain('Nelze se spojit se serverem.');
  });

  it('translates anything else from its code, never showing the server’s English message', async () => {
    apiPost.mockRejectedValueOnce(new ApiError(403, 'Forbidden', 'Tenant suspended'));
    renderAt('/auth/sign-in');
    await fillAndSubmit('admin@helio.local', 'secret');
    const alert = (await screen.findByRole('alert')).textContent;
    expect(alert).toContain('K této akci nemáte oprávnění.');
    expect(alert).not.toContain('Tenant suspended');
  });

  it('says how many minutes to wait after too many attempts (429)', async () => {
    apiPost.mockRejectedValueOnce(
      new ApiError(429, 'TooManyAttempts', 'Too many failed attempts; try again in 5 minutes', { retryAfterSeconds: 241 }),
    );
    renderAt('/auth/sign-in');
    await fillAndSubmit('admin@helio.local', 'secret');
    expect((await screen.findByRole('alert')).textContent).toContain('Příliš mnoho pokusů. Zkuste to znovu za 5 minut.');
  });

  it('explains an expired temporary password (401 PasswordExpired)', async () => {
    apiPost.mockRejectedValueOnce(new ApiError(401, 'PasswordExpired', 'Temporary password has expired'));
    renderAt('/auth/sign-in');
    await fillAndSubmit('invited@helio.local', 'Temp-pass-123!');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Platnost dočasného hesla vypršela');
    expect(alert.textContent).not.toContain('Nesprávné uživatelské jméno');
  });

  it('sends an invited user with a temporary password to set a new password', async () => {
    answerApi({ 'auth/sign-in': async () => ({ challenge: 'NEW_PASSWORD_REQUIRED', session: 'challenge-1' }) });
    renderAt('/auth/sign-in');
    await fillAndSubmit('invited@helio.local', 'Temp-pass-123!');
    expect(await screen.findByRole('heading', { name: 'Nastavení nového hesla' })).toBeTruthy();
    expect(window.location.pathname).toBe('/auth/set-new-password');
    expect(screen.getByText(/K účtu invited@helio.local jste se přihlásili dočasným heslem/)).toBeTruthy();
    expect(startSignedInSession).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('links to forgot password, carrying over a typed e-mail', async () => {
    renderAt('/auth/sign-in');
    const link = await screen.findByRole('link', { name: 'Zapomněli jste heslo?' });
    expect(link.getAttribute('href')).toBe('/auth/forgot-password');
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'jana@helio.local' } });
    expect(link.getAttribute('href')).toBe('/auth/forgot-password?email=jana%40helio.local');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Zapomenuté heslo' })).toBeTruthy();
    expect(screen.getByLabelText('E-mail')).toHaveProperty('value', 'jana@helio.local');
  });

  it('shows a spinner on the button while signing in', async () => {
    let finish: (tokens: unknown) => void = () => undefined;
    answerApi({ 'auth/sign-in': () => new Promise((resolve) => (finish = resolve)) });
    renderAt('/auth/sign-in');
    await fillAndSubmit('admin@helio.local', 'secret');
    const button = await screen.findByRole('button', { name: 'Přihlašování…' });
    expect(button.querySelector('.bp6-spinner')).not.toBeNull();
    expect(button.hasAttribute('disabled') || button.getAttribute('aria-disabled') === 'true').toBe(true);
    await act(async () => finish({ idToken: 'id', accessToken: 'access', expiresIn: 3600 }));
  });

  it('signs in with the trimmed e-mail and goes to the page that was asked for', async () => {
    sessionStorage.setItem(RETURN_TO_KEY, '/statistics?year=2025');
    renderAt('/auth/sign-in');
    await fillAndSubmit('  admin@helio.local ', 'Helio-admin-2024!');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/statistics?year=2025'));
    expect(bodiesSentTo('auth/sign-in')).toEqual([{ username: 'admin@helio.local', password: 'Helio-admin-2024!' }]);
    // the session starts from the sign-in's own answer: no refresh round trip before the first page
    expect(startSignedInSession).toHaveBeenCalledTimes(1);
    expect(restoreSession).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it('goes to the dashboard after signing in when nothing was asked for', async () => {
    renderAt('/auth/sign-in');
    await fillAndSubmit('admin@helio.local', 'secret');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
  });

  it('submits with Enter in the password field', async () => {
    renderAt('/auth/sign-in');
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'admin@helio.local' } });
    fireEvent.change(screen.getByLabelText('Heslo'), { target: { value: 'secret' } });
    // what the browser does on Enter in a form with a submit button: submit the form
    await act(async () => {
      fireEvent.submit(screen.getByLabelText('Heslo').closest('form') as HTMLFormElement);
    });
    await waitFor(() => expect(bodiesSentTo('auth/sign-in')).toEqual([{ username: 'admin@helio.local', password: 'secret' }]));
  });

  it('shows and hides the password', async () => {
    renderAt('/auth/sign-in');
    fireEvent.click(await screen.findByRole('button', { name: 'Zobrazit heslo' }));
    expect(screen.getByLabelText('Heslo')).toHaveProperty('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Skrýt heslo' }));
    expect(screen.getByLabelText('Heslo')).toHaveProperty('type', 'password');
  });

  it('sends someone already signed in to the dashboard', async () => {
    __setSession(__fixtures.session());
    renderAt('/auth/sign-in');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(screen.queryByLabelText('E-mail')).toBeNull();
  });
});

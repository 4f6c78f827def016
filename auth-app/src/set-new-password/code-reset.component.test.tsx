import { act, fireEvent, screen } from '@testing-library/react';
import { navigateToUrl } from 'single-spa';
import { ApiError } from '@helio/shared-utils';
import { apiPost } from '@helio/shared-utils/mock';
import { bodiesSentTo } from '../testing/answer-api';
import { renderAt } from '../testing/render-at';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const GOOD = 'Slunecni-elektrarna-7';

async function fillAndSubmit(fields: { email?: string; code?: string; password?: string; confirm?: string }) {
  await screen.findByLabelText('Kód z e-mailu');
  await act(async () => {
    if (fields.email !== undefined) fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: fields.email } });
    if (fields.code !== undefined) fireEvent.change(screen.getByLabelText('Kód z e-mailu'), { target: { value: fields.code } });
    const password = fields.password ?? '';
    fireEvent.change(screen.getByLabelText('Nové heslo'), { target: { value: password } });
    fireEvent.change(screen.getByLabelText('Nové heslo znovu'), { target: { value: fields.confirm ?? password } });
    fireEvent.click(screen.getByTestId('set-new-password-submit'));
  });
}

/** Opens the page, switches to English and submits a valid code and password. */
async function submitInEnglish() {
  renderAt('/auth/set-new-password?email=jana%40helio.local');
  fireEvent.click(await screen.findByRole('radio', { name: 'English' }));
  await screen.findByLabelText('Code from the e-mail');
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Code from the e-mail'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: GOOD } });
    fireEvent.change(screen.getByLabelText('Repeat new password'), { target: { value: GOOD } });
    fireEvent.click(screen.getByTestId('set-new-password-submit'));
  });
}

describe('set new password with the mailed code', () => {
  it('prefills the e-mail from forgot-password and asks for the code', async () => {
    renderAt('/auth/set-new-password?email=jana%40helio.local');
    expect(await screen.findByLabelText('E-mail')).toHaveProperty('value', 'jana@helio.local');
    expect(screen.getByLabelText('Kód z e-mailu')).toBeTruthy();
    expect(screen.getByText('6 číslic, platí 1 hodinu.')).toBeTruthy();
  });

  it('is the mode without a sign-in challenge, e-mail empty', async () => {
    renderAt('/auth/set-new-password');
    expect(await screen.findByLabelText('E-mail')).toHaveProperty('value', '');
  });

  it('validates every field before calling the server', async () => {
    renderAt('/auth/set-new-password');
    await fillAndSubmit({ email: 'jana', code: '12 34', password: 'short' });
    expect(screen.getByText('Zadejte platnou e-mailovou adresu.')).toBeTruthy();
    expect(screen.getByText('Kód má 6 číslic.')).toBeTruthy();
    expect(screen.getByText('Heslo nesplňuje všechny požadavky níže.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
    expect(apiPost).not.toHaveBeenCalled();
  });

  it('changes the password and leads to sign-in', async () => {
    renderAt('/auth/set-new-password?email=jana%40helio.local');
    await fillAndSubmit({ code: '123 456', password: GOOD });
    expect(await screen.findByTestId('set-new-password-done')).toBeTruthy();
    expect(screen.getByText('Vaše heslo bylo změněno. Nyní se můžete přihlásit novým heslem.')).toBeTruthy();
    expect(bodiesSentTo('auth/confirm-forgot-password')).toEqual([{ username: 'jana@helio.local', code: '123456', newPassword: GOOD }]);
    fireEvent.click(screen.getByTestId('set-new-password-go-sign-in'));
    expect(await screen.findByRole('heading', { name: 'Přihlášení' })).toBeTruthy();
    expect(window.location.pathname).toBe('/auth/sign-in');
  });

  it('explains a wrong or expired code and offers a new one', async () => {
    apiPost.mockRejectedValueOnce(new ApiError(400, 'CodeMismatch', 'Invalid or expired code'));
    renderAt('/auth/set-new-password?email=jana%40helio.local');
    await fillAndSubmit({ code: '000000', password: GOOD });
    expect((await screen.findByRole('alert')).textContent).toContain('Kód je nesprávný, již použitý nebo mu vypršela platnost.');
    fireEvent.click(screen.getByTestId('set-new-password-new-code'));
    expect(await screen.findByRole('heading', { name: 'Zapomenuté heslo' })).toBeTruthy();
    expect(screen.getByLabelText('E-mail')).toHaveProperty('value', 'jana@helio.local');
  });

  it('translates the server policy failures, in English too', async () => {
    apiPost.mockRejectedValueOnce(
      new ApiError(400, 'InvalidPassword', 'Password must be…', { messageKey: 'passwordPolicy', failures: ['uppercase', 'digit'] }),
    );
    await submitInEnglish();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The password breaks these rules:');
    expect(alert.textContent).toContain('An uppercase letter');
    expect(alert.textContent).toContain('A digit');
  });

  it('tells a user out of code tries what to do, in English too', async () => {
    apiPost.mockRejectedValueOnce(new ApiError(429, 'ResetLocked', 'locked', { retryAfterSeconds: 3600, messageKey: 'resetLocked' }));
    await submitInEnglish();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many password reset attempts. Wait 60 minutes, then ask for a new code.');
    expect(alert.textContent).toContain('tell your administrator');
    expect(screen.getByTestId('set-new-password-new-code')).toBeTruthy();
  });

  it('says the server cannot be reached', async () => {
    apiPost.mockRejectedValueOnce(new ApiError(0, 'NetworkError', 'down'));
    renderAt('/auth/set-new-password?email=jana%40helio.local');
    await fillAndSubmit({ code: '123456', password: GOOD });
    expect((await screen.findByRole('alert')).textContent).toContain('Nelze se spojit se serverem.');
  });
});

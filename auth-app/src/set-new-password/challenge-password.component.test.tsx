import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { navigateToUrl } from 'single-spa';
import { ApiError, RETURN_TO_KEY } from '@helio/shared-utils';
import { completeNewPassword } from '@helio/shared-utils/mock';
import { renderAt } from '../testing/render-at';
import { dropChallenge, holdChallenge, pendingChallenge } from './challenge-store';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
const navigate = navigateToUrl as jest.Mock;

const GOOD = 'Slunecni-elektrarna-7';

async function fillAndSubmit(password: string, confirm = password) {
  const input = await screen.findByLabelText('Nové heslo');
  await act(async () => {
    fireEvent.change(input, { target: { value: password } });
    fireEvent.change(screen.getByLabelText('Nové heslo znovu'), { target: { value: confirm } });
    fireEvent.click(screen.getByTestId('set-new-password-submit'));
  });
}

beforeEach(() => {
  navigate.mockReset();
  sessionStorage.clear();
  holdChallenge({ session: 'challenge-1', username: 'invited@helio.local' });
});
afterEach(dropChallenge);

describe('set new password after the sign-in challenge', () => {
  it('asks for the new password only, naming the account', async () => {
    renderAt('/auth/set-new-password');
    expect(await screen.findByRole('heading', { name: 'Nastavení nového hesla' })).toBeTruthy();
    expect(screen.getByText(/K účtu invited@helio.local/)).toBeTruthy();
    expect(screen.queryByLabelText('Kód z e-mailu')).toBeNull();
    expect(screen.getByLabelText('Nové heslo')).toHaveProperty('type', 'password');
    expect(screen.getByRole('button', { name: 'Nastavit heslo a přihlásit se' })).toBeTruthy();
  });

  it('shows the policy live and refuses a weak password without calling the server', async () => {
    renderAt('/auth/set-new-password');
    const input = await screen.findByLabelText('Nové heslo');
    fireEvent.change(input, { target: { value: 'abcdef' } });
    expect(screen.getByText('Malé písmeno').closest('li')?.getAttribute('data-met')).toBe('true');
    expect(screen.getByText('Alespoň 12 znaků').closest('li')?.getAttribute('data-met')).toBe('false');
    await fillAndSubmit('abcdef');
    expect(screen.getByText('Heslo nesplňuje všechny požadavky níže.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Nové heslo'));
    expect(completeNewPassword).not.toHaveBeenCalled();
  });

  it('wants the confirmation to match', async () => {
    renderAt('/auth/set-new-password');
    await fillAndSubmit(GOOD, `${GOOD}!`);
    expect(screen.getByText('Hesla se neshodují.')).toBeTruthy();
    expect(completeNewPassword).not.toHaveBeenCalled();
  });

  it('sets the password, signs in and goes to the page that was asked for', async () => {
    sessionStorage.setItem(RETURN_TO_KEY, '/batteries');
    renderAt('/auth/set-new-password');
    await fillAndSubmit(GOOD);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/batteries'));
    expect(completeNewPassword).toHaveBeenCalledWith('challenge-1', GOOD);
    expect(pendingChallenge()).toBeNull();
  });

  it('lists the rules the server says the password breaks', async () => {
    completeNewPassword.mockRejectedValueOnce(
      new ApiError(400, 'InvalidPassword', 'Password must be…', { messageKey: 'passwordPolicy', failures: ['symbol'] }),
    );
    renderAt('/auth/set-new-password');
    await fillAndSubmit(GOOD);
    const alert = await screen.findByTestId('set-new-password-error');
    expect(alert.textContent).toContain('Heslo nesplňuje pravidla:');
    expect(alert.textContent).toContain('Symbol (např. - ! _ €)');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('refuses the temporary password again', async () => {
    completeNewPassword.mockRejectedValueOnce(new ApiError(400, 'InvalidPassword', 'must differ', { messageKey: 'passwordReused' }));
    renderAt('/auth/set-new-password');
    await fillAndSubmit(GOOD);
    expect((await screen.findByRole('alert')).textContent).toContain('Nové heslo se musí lišit od předchozího.');
  });

  it('sends the user back to sign-in when the 3-minute challenge has expired', async () => {
    completeNewPassword.mockRejectedValueOnce(new ApiError(401, 'NotAuthorized', 'The sign-in session has expired'));
    renderAt('/auth/set-new-password');
    await fillAndSubmit(GOOD);
    expect((await screen.findByRole('alert')).textContent).toContain('Platnost přihlášení vypršela');
    expect(pendingChallenge()).toBeNull();
    fireEvent.click(screen.getByTestId('set-new-password-sign-in-again'));
    expect(await screen.findByRole('heading', { name: 'Přihlášení' })).toBeTruthy();
    expect(window.location.pathname).toBe('/auth/sign-in');
  });
});

import { act, fireEvent, screen } from '@testing-library/react';
import { ApiError } from '@helio/shared-utils';
import { apiPost } from '@helio/shared-utils/mock';
import { bodiesSentTo } from '../testing/answer-api';
import { renderAt } from '../testing/render-at';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

async function submit(email: string) {
  const input = await screen.findByLabelText('E-mail');
  await act(async () => {
    fireEvent.change(input, { target: { value: email } });
    fireEvent.click(screen.getByTestId('forgot-password-submit'));
  });
}

describe('forgot-password page', () => {
  it('asks for the e-mail of the account', async () => {
    renderAt('/auth/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Zapomenuté heslo' })).toBeTruthy();
    expect(screen.getByLabelText('E-mail')).toHaveProperty('type', 'email');
    expect(screen.getByRole('button', { name: 'Poslat kód' })).toBeTruthy();
  });

  it('validates the e-mail before asking the server', async () => {
    renderAt('/auth/forgot-password');
    await submit('');
    expect(screen.getByText('Zadejte e-mail.')).toBeTruthy();
    await submit('jana');
    expect(screen.getByText('Zadejte platnou e-mailovou adresu.')).toBeTruthy();
    expect(apiPost).not.toHaveBeenCalled();
  });

  it('confirms without telling whether the account exists, then continues to the code', async () => {
    renderAt('/auth/forgot-password');
    await submit('  jana@helio.local ');
    expect(await screen.findByTestId('forgot-password-sent')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Pokud účet jana@helio.local existuje, poslali jsme na něj 6místný kód. Kód platí 1 hodinu.',
    );
    expect(bodiesSentTo('auth/forgot-password')).toEqual([{ username: 'jana@helio.local' }]);
    fireEvent.click(screen.getByTestId('forgot-password-continue'));
    expect(await screen.findByLabelText('Kód z e-mailu')).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/auth/set-new-password?email=jana%40helio.local');
    expect(screen.getByLabelText('E-mail')).toHaveProperty('value', 'jana@helio.local');
  });

  it('explains a failure and lets the user try again', async () => {
    apiPost.mockRejectedValueOnce(new ApiError(0, 'NetworkError', 'down'));
    renderAt('/auth/forgot-password');
    await submit('jana@helio.local');
    expect((await screen.findByTestId('forgot-password-error')).textContent).toContain('Nelze se spojit se serverem.');
    await submit('jana@helio.local');
    expect(await screen.findByTestId('forgot-password-sent')).toBeTruthy();
  });

  it('tells a locked-out user to wait and then ask for a new code, in Czech', async () => {
    apiPost.mockRejectedValueOnce(new ApiError(429, 'ResetLocked', 'locked', { retryAfterSeconds: 3600, messageKey: 'resetLocked' }));
    renderAt('/auth/forgot-password');
    await submit('jana@helio.local');
    expect((await screen.findByTestId('forgot-password-error')).textContent).toContain(
      'Příliš mnoho pokusů o obnovení hesla. Počkejte 60 minut a pak si vyžádejte nový kód.',
    );
  });

  it('leads back to sign-in', async () => {
    renderAt('/auth/forgot-password');
    fireEvent.click(await screen.findByTestId('forgot-password-back'));
    expect(await screen.findByRole('heading', { name: 'Přihlášení' })).toBeTruthy();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { RETURN_TO_KEY } from '@helio/shared-utils';
import { __fixtures, __setSession, signOut } from '@helio/shared-utils/mock';
import { renderAt } from '../testing/render-at';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('sign-out page', () => {
  it('signs out, replaces the URL with /auth/sign-in and shows sign-in, keeping the returnTo', async () => {
    __setSession(__fixtures.session());
    sessionStorage.setItem(RETURN_TO_KEY, '/batteries');
    window.history.replaceState(null, '', '/before');
    const historyLength = window.history.length;

    renderAt('/auth/sign-out');

    expect(await screen.findByLabelText('E-mail')).toBeTruthy();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/auth/sign-in');
    expect(window.history.length).toBe(historyLength); // replaced, not pushed
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/batteries');
  });

  it('still shows sign-in when the sign-out call fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    signOut.mockRejectedValueOnce(new Error('boom'));
    renderAt('/auth/sign-out');
    await waitFor(() => expect(window.location.pathname).toBe('/auth/sign-in'));
    expect(await screen.findByLabelText('E-mail')).toBeTruthy();
  });
});

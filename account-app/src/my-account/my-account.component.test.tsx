import React from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HelioProviders, queryClient, USERS_ME_KEY, type CurrentUser } from '@helio/shared-utils';
import { __fixtures, __setSignedIn, apiPost, setLanguage, showToast } from '@helio/shared-utils/mock';
import MyAccountPage from './my-account.component';

beforeEach(() => __setSignedIn());

const saving = () => {
  const calls: unknown[] = [];
  apiPost.mockImplementation((async (path: string, body: Partial<CurrentUser>) => {
    if (path !== 'users/profile/update') throw new Error(`unexpected ${path}`);
    calls.push(body);
    return { ...__fixtures.currentUser(), ...body };
  }) as unknown as typeof apiPost);
  return calls;
};

const renderPage = () =>
  render(
    <HelioProviders>
      <MyAccountPage />
    </HelioProviders>,
  );

describe('my account', () => {
  it('saves a changed name and picture, only those fields', async () => {
    const calls = saving();
    renderPage();
    fireEvent.change(await screen.findByLabelText('Jméno'), { target: { value: 'Janička' } });
    fireEvent.change(screen.getByLabelText('Fotografie (adresa URL)'), { target: { value: 'https://example.com/j.png' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(calls).toEqual([{ name: 'Janička', picture: 'https://example.com/j.png' }]));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Profil uložen.' })));
    expect(queryClient.getQueryData<CurrentUser>(USERS_ME_KEY)?.name).toBe('Janička');
  });

  it('refuses an empty name before sending', async () => {
    const calls = saving();
    renderPage();
    fireEvent.change(await screen.findByLabelText('Jméno'), { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Vyplňte toto pole.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('switches the interface language the moment it is chosen', async () => {
    const calls = saving();
    renderPage();
    fireEvent.change(await screen.findByTestId('profile-language'), { target: { value: 'en' } });
    await waitFor(() => expect(calls).toEqual([{ locale: 'en' }]));
    await waitFor(() => expect(setLanguage).toHaveBeenCalledWith('en'));
    expect(await screen.findByText('Interface language')).toBeTruthy();
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Interface language changed.' })));
  });
});

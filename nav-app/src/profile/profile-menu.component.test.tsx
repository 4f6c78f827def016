import React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { navigateToUrl } from 'single-spa';
import { ApiError, HelioProviders, i18n, queryClient, USERS_ME_KEY } from '@helio/shared-utils';
import { apiPost, setLanguage, showToast } from '@helio/shared-utils/mock';
import { __fixtures, __setCurrentUser } from '@helio/shared-utils/mock';
import { ProfileMenu } from './profile-menu.component';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

async function openMenu(header = true) {
  render(
    <HelioProviders>
      <ProfileMenu />
    </HelioProviders>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  fireEvent.click(screen.getByTestId('profile-button'));
  await screen.findByText('Odhlásit se');
  if (header) await screen.findByTestId('profile-header');
}

beforeEach(() => {
  __setCurrentUser(__fixtures.currentUser());
  jest.mocked(navigateToUrl).mockClear();
  document.documentElement.classList.remove('bp6-dark');
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('cs'));
});

describe('ProfileMenu', () => {
  it('shows initials on the rail when the user has no picture', async () => {
    await openMenu();
    expect(screen.getByTestId('profile-button').textContent).toContain('JN');
  });

  it('shows the picture when the user has one', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), picture: 'https://example.org/jana.png' });
    await openMenu();
    const pictures = Array.from(document.querySelectorAll('img.helio-avatar')).map((img) => img.getAttribute('src'));
    expect(pictures).toContain('https://example.org/jana.png');
  });

  it('names the user and tenant and opens my account in a new tab from its header', async () => {
    await openMenu();
    const header = screen.getByTestId('profile-header');
    expect(screen.getByTestId('profile-name').textContent).toBe('Jana Nováková');
    expect(screen.getByTestId('profile-tenant').textContent).toBe('Helio Demo s.r.o.');
    expect(header.getAttribute('href')).toBe('/my-account');
    expect(header.getAttribute('target')).toBe('_blank');
  });

  it('signs out by navigating to /auth/sign-out', async () => {
    await openMenu();
    fireEvent.click(screen.getByText('Odhlásit se'));
    expect(navigateToUrl).toHaveBeenCalledWith('/auth/sign-out');
  });

  it('links to my account and integrations inside the console', async () => {
    await openMenu();
    fireEvent.click(screen.getByText('Integrace'));
    expect(navigateToUrl).toHaveBeenCalledWith('/integrations');
    fireEvent.click(screen.getByTestId('profile-button'));
    fireEvent.click(await screen.findByText('Můj účet'));
    expect(navigateToUrl).toHaveBeenCalledWith('/my-account');
  });

  it('opens the help dialog and drafts feedback with the page it is about', async () => {
    await openMenu();
    const feedback = screen.getByText('Poslat zpětnou vazbu').closest('a');
    expect(feedback?.getAttribute('href')).toMatch(/^mailto:\?subject=Zp%C4%9Btn%C3%A1%20vazba.*Helio%20Demo/);
    fireEvent.click(screen.getByText('Nápověda'));
    expect((await screen.findByRole('dialog')).textContent).toContain('Lišta ikon vlevo');
  });

  it('still offers sign-out when the user cannot be loaded', async () => {
    __setCurrentUser(new ApiError(500, 'InternalError', 'boom'));
    await openMenu(false);
    expect(screen.queryByTestId('profile-header')).toBeNull();
    fireEvent.click(screen.getByText('Odhlásit se'));
    expect(navigateToUrl).toHaveBeenCalledWith('/auth/sign-out');
  });

  it('switches the whole interface to English at once and saves the language to the profile', async () => {
    const saved = { ...__fixtures.currentUser(), locale: 'en' as const };
    apiPost.mockResolvedValueOnce(saved);
    await openMenu();
    expect(screen.getByTestId('language-cs').getAttribute('aria-checked')).toBe('true');
    await act(async () => {
      fireEvent.click(screen.getByTestId('language-en'));
    });
    expect(setLanguage).toHaveBeenCalledWith('en');
    expect(apiPost).toHaveBeenCalledWith('users/profile/update', { locale: 'en' });
    expect(await screen.findByText('Sign out')).toBeTruthy();
    expect(screen.getByTestId('language-en').getAttribute('aria-checked')).toBe('true');
    expect(queryClient.getQueryData(USERS_ME_KEY)).toEqual(saved);
  });

  it('goes back to the previous language and says so when the profile cannot be saved', async () => {
    apiPost.mockRejectedValueOnce(new ApiError(500, 'InternalError', 'boom'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await openMenu();
    await act(async () => {
      fireEvent.click(screen.getByTestId('language-en'));
    });
    expect(setLanguage).toHaveBeenLastCalledWith('cs');
    expect(i18n.language).toBe('cs');
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ intent: 'danger' }));
  });

  it('switches to the dark theme and keeps the other preferences when saving it', async () => {
    const user = { ...__fixtures.currentUser(), preferences: { dashboardTiles: ['pv'] } };
    __setCurrentUser(user);
    apiPost.mockResolvedValueOnce({ ...user, preferences: { dashboardTiles: ['pv'], theme: 'dark' } });
    await openMenu();
    expect(screen.getByTestId('theme-light').getAttribute('aria-checked')).toBe('true');
    await act(async () => {
      fireEvent.click(screen.getByTestId('theme-dark'));
    });
    expect(document.documentElement.classList.contains('bp6-dark')).toBe(true);
    expect(apiPost).toHaveBeenCalledWith('users/profile/update', { preferences: { dashboardTiles: ['pv'], theme: 'dark' } });
    expect(localStorage.getItem('helio.theme')).toBe('dark');
  });

  it('takes the dark theme off again when saving it fails', async () => {
    apiPost.mockRejectedValueOnce(new ApiError(500, 'InternalError', 'boom'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await openMenu();
    await act(async () => {
      fireEvent.click(screen.getByTestId('theme-dark'));
    });
    expect(document.documentElement.classList.contains('bp6-dark')).toBe(false);
    expect(showToast).toHaveBeenCalled();
  });
});

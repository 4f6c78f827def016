import React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { navigateToUrl } from 'single-spa';
import { ApiError, HelioProviders } from '@helio/shared-utils';
import { __fixtures, __setCurrentUser } from '../testing/mock-controls';
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
});
